import { parseFavourites, serializeFavourites } from '../domain/spot/pair-list.ts';

/**
 * Starred pairs of the spot pair list. The contract has a favourite flag (`added`) but no call to
 * set it, so stars live in this browser, beside the other preferences of spec §3.
 */
const KEY = 'spot_favourites';

export function readFavourites(): Set<number> {
  try {
    return parseFavourites(typeof localStorage === 'undefined' ? null : localStorage.getItem(KEY));
  } catch {
    return new Set();
  }
}

export function writeFavourites(favourites: ReadonlySet<number>): void {
  try {
    localStorage.setItem(KEY, serializeFavourites(favourites));
  } catch {
    // Private mode or a full quota: the stars last for this page only.
  }
}
