import { NOTICE_KINDS, NOTICE_LIMIT, type Notice, type NoticeKind } from '../domain/notices/notice-list.ts';
import { readPref, writePref } from './local-prefs.ts';

export interface NoticePrefs {
  /** Kinds listed and announced; a kind switched off is neither. */
  kinds: Record<NoticeKind, boolean>;
  /** Also as the browser's notifications (when the user allowed them). */
  browser: boolean;
  sound: boolean;
}

export const DEFAULT_NOTICE_PREFS: NoticePrefs = {
  kinds: { alert: true, fill: true, leverClose: true, microSettled: true, p2pOrder: true, deposit: true },
  browser: false,
  sound: false,
};

function isNotice(value: unknown): value is Notice {
  if (typeof value !== 'object' || value === null) return false;
  const notice = value as Record<string, unknown>;
  return (
    typeof notice.key === 'string' &&
    (NOTICE_KINDS as readonly unknown[]).includes(notice.kind) &&
    typeof notice.at === 'number' &&
    typeof notice.text === 'string' &&
    typeof notice.link === 'string' &&
    typeof notice.read === 'boolean' &&
    typeof notice.vars === 'object' &&
    notice.vars !== null
  );
}

/** The user's kept notices (another user's, or a corrupt store, read as none). */
export function readNotices(userId: number): Notice[] {
  try {
    const stored = JSON.parse(readPref('notices') ?? 'null') as { userId?: unknown; list?: unknown } | null;
    if (!stored || stored.userId !== userId || !Array.isArray(stored.list)) return [];
    return stored.list.filter(isNotice).slice(0, NOTICE_LIMIT);
  } catch {
    return [];
  }
}

export function writeNotices(userId: number, list: readonly Notice[]): void {
  writePref('notices', JSON.stringify({ userId, list }));
}

export function readNoticePrefs(): NoticePrefs {
  try {
    const stored = JSON.parse(readPref('noticePrefs') ?? 'null') as Partial<NoticePrefs> | null;
    if (!stored || typeof stored !== 'object') return DEFAULT_NOTICE_PREFS;
    const kinds = { ...DEFAULT_NOTICE_PREFS.kinds };
    for (const kind of NOTICE_KINDS) {
      if (typeof stored.kinds?.[kind] === 'boolean') kinds[kind] = stored.kinds[kind];
    }
    return {
      kinds,
      browser: stored.browser === true,
      sound: stored.sound === true,
    };
  } catch {
    return DEFAULT_NOTICE_PREFS;
  }
}

export function writeNoticePrefs(prefs: NoticePrefs): void {
  writePref('noticePrefs', JSON.stringify(prefs));
}
