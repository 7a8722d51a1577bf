import { openFirstStage } from './first-stage.ts';
import { openingDayWindowsOf, type OpeningDayWindows } from './market/opening-day-windows.ts';

/**
 * The settled 24 h windows of a fresh profile's exchange opened at the build's instant
 * `openingAt`: the worker's own first stage, in memory, folding them itself. The build compiles
 * them into the worker (scripts/prerender/plugin.ts), which then takes them instead.
 */
export async function freshOpeningDayWindows(openingAt: number): Promise<OpeningDayWindows> {
  const first = await openFirstStage({
    fresh: true,
    store: null,
    realNow: () => openingAt,
    openingAt,
    // No answer goes out: no message is read.
    messages: () => Promise.resolve({}),
  });
  return openingDayWindowsOf(first.stage.market.market);
}
