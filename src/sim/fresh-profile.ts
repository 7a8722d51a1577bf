/** The IndexedDB database of the simulator's event log and settings. */
export const STORE_NAME = 'tessera-sim';

let asked: Promise<boolean> | null = null;

/**
 * Whether this profile has no exchange yet (its first visit, or its storage was cleared): then
 * there is no log to replay and no setting to read back, and the market opens without waiting for
 * the database. Where the browser cannot list its databases, the answer is no: read them. Asked
 * once; the worker asks as its script starts (below).
 */
export function freshProfile(): Promise<boolean> {
  return (asked ??= listsNoStore());
}

async function listsNoStore(): Promise<boolean> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return false;
  const databases = await indexedDB.databases().catch(() => null);
  return databases !== null && !databases.some((database) => database.name === STORE_NAME);
}

// worker.ts imports this module first: the browser lists the databases (70-130 ms on a busy
// machine) while the rest of the worker's script is still evaluating, not after it (issue 27).
if (typeof indexedDB !== 'undefined') void freshProfile();
