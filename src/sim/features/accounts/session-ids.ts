import type { AccountsState } from './state.ts';

/**
 * A session's public id: the first 16 hex digits of its token's hash. The sessions list names each
 * session by it; it opens nothing (the hash of a 256-bit random token, cut short), and ending one
 * by it is checked against the asking user's own sessions.
 */
export const SESSION_ID_LENGTH = 16;

export function sessionId(tokenHash: string): string {
  return tokenHash.slice(0, SESSION_ID_LENGTH);
}

export function isSessionId(id: string): boolean {
  return id.length === SESSION_ID_LENGTH && /^[0-9a-f]+$/.test(id);
}

/** The token hash of the user's own live session with this id, or null. */
export function ownSessionHash(state: AccountsState, userId: number, id: string, at: number): string | null {
  if (!isSessionId(id)) return null;
  for (const [hash, session] of state.sessions) {
    if (session.userId === userId && session.expiresAt > at && sessionId(hash) === id) return hash;
  }
  return null;
}
