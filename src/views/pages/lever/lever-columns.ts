import type { LeverTab } from '../../../machines/lever-positions.machine.ts';

/** A column of the lever positions table (on a phone, a labelled field of a position's card). */
export type LeverColumn =
  | 'pair'
  | 'lots'
  | 'entry'
  | 'exit'
  | 'pnl'
  | 'reason'
  | 'margin'
  | 'stops'
  | 'liquidation'
  | 'fees'
  | 'time'
  | 'actions';

/**
 * The columns a tab shows, in the order a trader reads them: what it is, its size and entry, then
 * its profit or loss, early enough to stay in view in the narrowest main column (724 px at 1280).
 * A closed position shows how it ended instead of a liquidation price and actions: the exit price,
 * the realised PnL with its ROE, the reason and the close time.
 */
export function leverColumns(tab: LeverTab): readonly LeverColumn[] {
  return tab === 'closed' ? CLOSED_COLUMNS : LIVE_COLUMNS;
}

// One list each, so the memoised rows that take them keep their props from render to render.
const LIVE_COLUMNS: readonly LeverColumn[] = [
  'pair',
  'lots',
  'entry',
  'pnl',
  'margin',
  'stops',
  'liquidation',
  'fees',
  'time',
  'actions',
];
const CLOSED_COLUMNS: readonly LeverColumn[] = [
  'pair',
  'lots',
  'entry',
  'exit',
  'pnl',
  'reason',
  'margin',
  'stops',
  'fees',
  'time',
];

/** The i18n key of a column's heading on a tab. */
export function leverColumnTitle(column: LeverColumn, tab: LeverTab): string {
  const closed = tab === 'closed';
  switch (column) {
    case 'pair':
      return 'lever.col.symbol';
    case 'lots':
      return 'lever.col.lots';
    case 'entry':
      return 'lever.entryPrice';
    case 'exit':
      return 'lever.col.exit';
    case 'pnl':
      return closed ? 'lever.col.realised' : 'lever.col.pnl';
    case 'reason':
      return 'lever.col.reason';
    case 'margin':
      return 'lever.col.margin';
    case 'stops':
      return 'lever.col.stops';
    case 'liquidation':
      return 'lever.col.liquidation';
    case 'fees':
      return 'lever.col.fees';
    case 'time':
      return closed ? 'lever.col.closedAt' : 'lever.col.time';
    case 'actions':
      return 'lever.col.actions';
  }
}
