/**
 * One page of a list held whole on the client (the open positions of the pair, from lever/deal and
 * the LEVER_TRADE pushes): spec §9 pages, so a book of 100 positions lays out and paints 10 rows,
 * not 100. The page asked for is clamped into the pages there are: when
 * positions close and the list shrinks, the last page is shown rather than an empty one.
 */
export interface ListPage<T> {
  rows: T[];
  /** The page shown, 1-based, within 1..pages. */
  page: number;
  /** How many pages the list has (at least 1, even when empty). */
  pages: number;
}

export function listPage<T>(rows: readonly T[], page: number, size: number): ListPage<T> {
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const shown = Math.min(pages, Math.max(1, Math.floor(Number.isFinite(page) ? page : 1)));
  return { rows: rows.slice((shown - 1) * size, shown * size), page: shown, pages };
}
