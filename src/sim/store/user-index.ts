import { appended, type ReadonlyList } from './persistent-list.ts';
import { PersistentMap, withEntry } from './persistent-map.ts';

/**
 * User id -> the ids of their rows (lever positions, micro contracts), oldest first: what a user's
 * lists read, so they cost that user's rows, not every user's. A feature's state stores it beside
 * its rows and extends it in its evolve (`withUserRow`); a state read from a snapshot older than the
 * index has none, and `userIndexOf` derives it from the rows then (once per rows map).
 */
export type UserIndex = ReadonlyMap<number, ReadonlyList<number>>;

/** A row an index lists: its id, and the user it belongs to. */
interface UserRow {
  id: number;
  userId: number;
}

/** The index derived for a state built before it existed, by its rows map (which never changes). */
const derivedIndexes = new WeakMap<ReadonlyMap<number, UserRow>, UserIndex>();

/** The stored index, or (an older snapshot's state) one derived from `rows`. */
export function userIndexOf(rows: ReadonlyMap<number, UserRow>, stored: UserIndex | undefined): UserIndex {
  if (stored) return stored;
  let index = derivedIndexes.get(rows);
  if (!index) {
    let built: UserIndex = PersistentMap.empty();
    for (const row of rows.values()) built = withUserRow(built, row);
    index = built;
    derivedIndexes.set(rows, index);
  }
  return index;
}

/** `index` with `row` added to its user's list. */
export function withUserRow(index: UserIndex, row: UserRow): UserIndex {
  return withEntry(index, row.userId, appended(index.get(row.userId) ?? [], row.id));
}

/** A user's rows, newest first (highest id first): O(their rows). */
export function rowsOfUser<T>(rows: ReadonlyMap<number, T>, index: UserIndex, userId: number): T[] {
  const ids = index.get(userId);
  if (!ids) return [];
  return [...ids].sort((a, b) => b - a).map((id) => rows.get(id)!);
}
