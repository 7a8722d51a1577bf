import { PANE_STUDIES, type Study } from '../../../domain/chart-studies/studies.ts';

/**
 * A pane's height (px) below the price by how many panes there are (the spec's chart has one, the
 * volume, 72 px high), the gap between panes, and the room the time axis takes: more panes get
 * lower ones, so the price keeps the larger part of the chart.
 */
const PANE_HEIGHTS = [72, 72, 56, 48] as const;
const PANE_GAP = 12;
const AXIS_ROOM = 28;
const TOP = 24;
const SIDES = { left: 8, right: 64 } as const;

export interface ChartGrid {
  top?: number;
  bottom: number;
  height?: number;
  left: number;
  right: number;
}

/**
 * The chart's grids: the price on top, then one pane per study that has its own (volume, MACD,
 * RSI), stacked from the bottom up in the menu's order; only the lowest shows the time axis. The
 * price takes whatever height the panes leave (the chart's own height varies with the page).
 */
export function chartPanes(studies: readonly Study[]): { panes: Study[]; grids: ChartGrid[] } {
  const panes = PANE_STUDIES.filter((study) => studies.includes(study));
  const height: number = PANE_HEIGHTS[Math.min(panes.length, PANE_HEIGHTS.length - 1)] ?? 48;
  const grids: ChartGrid[] = [{ ...SIDES, top: TOP, bottom: AXIS_ROOM + panes.length * (height + PANE_GAP) }];
  panes.forEach((_, index) => {
    const below = panes.length - 1 - index;
    grids.push({ ...SIDES, height, bottom: AXIS_ROOM + below * (height + PANE_GAP) });
  });
  return { panes, grids };
}
