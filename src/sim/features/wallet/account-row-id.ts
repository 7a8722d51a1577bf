/**
 * The id of one row of account/list (one currency of one account of one user): the user, the
 * account type and the currency in one number, so account/detail can find the row from its id
 * alone (the family's records page sends `{ id, account_type_id }`) without a table of its own.
 */
const PER_USER = 1000;
const PER_TYPE = 100;

export interface AccountRow {
  userId: number;
  typeId: number;
  currencyId: number;
}

export function accountRowId(row: AccountRow): number {
  return row.userId * PER_USER + row.typeId * PER_TYPE + row.currencyId;
}

/** The row an id names, or null when no row could have it (the currency and type ids fit their places). */
export function accountRowOf(id: number): AccountRow | null {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const userId = Math.floor(id / PER_USER);
  const typeId = Math.floor((id % PER_USER) / PER_TYPE);
  const currencyId = id % PER_TYPE;
  return { userId, typeId, currencyId };
}
