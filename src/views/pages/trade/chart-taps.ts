/**
 * Clicks on the chart, read from the page's own events rather than from ECharts' renderer.
 *
 * ZRender, under ECharts, drops a click when the shape under the pointer at its press is not the
 * shape under it at its release. Live candles redraw the chart several times a second, making new
 * shapes each time, so a press and release that straddle a redraw lost the click: a drawing's point
 * that a person placed, ignored (CI's chart-studies test lost one in about three runs of eight on a
 * busy machine). The browser's own click has no such rule; a press that moved further than a tap
 * (the chart's pan) is still not a click.
 */

/** How far (CSS px) a press may move before its release and still be a tap, as ZRender's rule. */
export const TAP_SLOP_PX = 4;

interface PointerPlace {
  readonly clientX: number;
  readonly clientY: number;
}

/** Whether a release is the tap of its press: it moved no further than the slop. */
export function isTap(press: PointerPlace, release: PointerPlace): boolean {
  return Math.hypot(release.clientX - press.clientX, release.clientY - press.clientY) <= TAP_SLOP_PX;
}

/** What a chart's host element offers: its events and its place on the page. */
export type TapHost = Pick<HTMLElement, 'addEventListener' | 'removeEventListener' | 'getBoundingClientRect'>;

/**
 * Calls `onTap` with the point (CSS px from the host's top left corner) of every tap on the host,
 * whatever the chart redrew meanwhile; returns what stops it.
 */
export function onChartTap(host: TapHost, onTap: (x: number, y: number) => void): () => void {
  let press: PointerPlace | null = null;
  const pressed = (event: Event) => {
    const pointer = event as PointerEvent;
    // A second finger or a button other than the main one is not a tap that places anything.
    press =
      pointer.isPrimary === false || pointer.button > 0
        ? null
        : { clientX: pointer.clientX, clientY: pointer.clientY };
  };
  const clicked = (event: Event) => {
    const click = event as MouseEvent;
    const from = press;
    press = null;
    if (!from || !isTap(from, click)) return;
    const box = host.getBoundingClientRect();
    onTap(click.clientX - box.left, click.clientY - box.top);
  };
  // Heard on the way down (capture): the chart's own handlers below may stop the event there.
  const capture = { capture: true };
  host.addEventListener('pointerdown', pressed, capture);
  host.addEventListener('click', clicked, capture);
  return () => {
    host.removeEventListener('pointerdown', pressed, capture);
    host.removeEventListener('click', clicked, capture);
  };
}
