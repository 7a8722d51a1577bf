/**
 * The notification centre's list (issue 33): what happened to the user's orders, positions,
 * contracts, P2P orders, deposits and price alerts, newest first, each known by a key made of what it is about
 * (`fill:1234`, `alert:7`), so the same happening arriving twice (a push and then the reload after a
 * reconnect, or a page opened again) is listed once and announced once.
 */
export const NOTICE_KINDS = ['alert', 'fill', 'leverClose', 'microSettled', 'p2pOrder', 'deposit'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export interface Notice {
  /** What it is about; unique in the list. */
  readonly key: string;
  readonly kind: NoticeKind;
  /** When it happened (ms, the exchange's clock). */
  readonly at: number;
  /** Its text: a key of the "notices" locale section and its values. */
  readonly text: string;
  readonly vars: Readonly<Record<string, string | number>>;
  /** Where it leads (a route of the app). */
  readonly link: string;
  readonly read: boolean;
}

/** Notices kept: older ones fall off the end. */
export const NOTICE_LIMIT = 100;

/**
 * A key names one happening at one time: every source gives the same key the same `at`.
 *
 * The list with `incoming` added: newest first, at most `limit`, no key twice (a listed notice
 * keeps its read mark). A notice older than everything a full list keeps is not news and is not
 * added, so one that fell off the end never comes back. Also answers which notices are new.
 */
export function addNotices(
  list: readonly Notice[],
  incoming: readonly Notice[],
  limit: number = NOTICE_LIMIT,
): { list: Notice[]; added: Notice[] } {
  const keys = new Set(list.map((notice) => notice.key));
  const oldest = list.length >= limit ? Math.min(...list.map((notice) => notice.at)) : -Infinity;
  const fresh: Notice[] = [];
  for (const notice of incoming) {
    if (keys.has(notice.key) || notice.at < oldest) continue;
    keys.add(notice.key);
    fresh.push(notice);
  }
  if (fresh.length === 0) return { list: [...list], added: [] };
  const merged = [...list, ...fresh]
    .sort((a, b) => b.at - a.at || a.key.localeCompare(b.key))
    .slice(0, limit);
  const kept = new Set(merged.map((notice) => notice.key));
  return { list: merged, added: fresh.filter((notice) => kept.has(notice.key)) };
}

export function unreadCount(list: readonly Notice[]): number {
  return list.reduce((count, notice) => count + (notice.read ? 0 : 1), 0);
}

export function markAllRead(list: readonly Notice[]): Notice[] {
  return list.map((notice) => (notice.read ? notice : { ...notice, read: true }));
}
