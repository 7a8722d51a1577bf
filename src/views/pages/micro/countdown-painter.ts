import { remainingSeconds, type ServerClock } from '../../../machines/micro-screen.machine.ts';
import type { MicroOrder } from '../../../streams/micro-pushes.ts';
import { setText } from '../trade/text-cells.ts';

/**
 * The attribute naming the contract whose seconds left a cell shows (MicroContractRow renders the
 * cell empty, with this attribute).
 */
export const COUNTDOWN_ATTRIBUTE = 'data-countdown-id';

/** The words for whole seconds left ("598 s left"; the page translates them). */
export type CountdownText = (seconds: number) => string;

/**
 * Paints the running contracts' countdowns into their cells from the screen's one clock, outside
 * React (DESIGN.md: high-frequency data is painted, not rendered): the rows render once per change
 * of the list, and each clock move (the screen's one tick, a SERVER_NOW push) only rewrites the
 * cells whose whole seconds changed. The cells of `root` and the contracts are read once: a new
 * list makes a new painter.
 *
 * A cell whose contract is not in `running`, or no longer running, is left as it is (a closed row
 * shows its result instead of a countdown).
 */
export function createCountdownPainter(
  root: ParentNode,
  running: readonly MicroOrder[],
  text: CountdownText,
): (clock: ServerClock) => void {
  const byId = new Map(running.map((order) => [order.id, order]));
  const cells: { element: HTMLElement; order: MicroOrder; shown: number | null }[] = [];
  for (const element of root.querySelectorAll<HTMLElement>(`[${COUNTDOWN_ATTRIBUTE}]`)) {
    const order = byId.get(Number(element.getAttribute(COUNTDOWN_ATTRIBUTE)));
    if (order) cells.push({ element, order, shown: null });
  }
  return (clock) => {
    // Contracts bought together share their seconds left: each text is made once a paint.
    const texts = new Map<number, string>();
    for (const cell of cells) {
      const seconds = remainingSeconds(cell.order, clock);
      if (seconds === cell.shown) continue;
      cell.shown = seconds;
      let words = texts.get(seconds);
      if (words === undefined) {
        words = text(seconds);
        texts.set(seconds, words);
      }
      setText(cell.element, words);
    }
  };
}
