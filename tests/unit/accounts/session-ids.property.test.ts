import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { initialAccountsState, type SessionRecord } from '../../../src/sim/features/accounts/state.ts';
import { isSessionId, ownSessionHash, sessionId } from '../../../src/sim/features/accounts/session-ids.ts';

const hash = fc.stringMatching(/^[0-9a-f]{64}$/);
const table = fc.array(
  fc.record({ hash, userId: fc.integer({ min: 1, max: 4 }), expiresAt: fc.integer({ min: 0, max: 100 }) }),
  { maxLength: 12 },
);

describe('ending a session by its id', () => {
  it('finds only a live session of the asking user, and finds it whenever there is one', () => {
    fc.assert(
      fc.property(
        table,
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 0, max: 100 }),
        fc.nat(),
        (rows, userId, at, pick) => {
          const sessions = new Map<string, SessionRecord>(rows.map((row) => [row.hash, row]));
          const state = { ...initialAccountsState(), sessions };
          const target = rows.length === 0 ? 'f'.repeat(16) : sessionId(rows[pick % rows.length]!.hash);
          const found = ownSessionHash(state, userId, target, at);
          const candidates = [...sessions].filter(
            ([key, session]) =>
              session.userId === userId && session.expiresAt > at && sessionId(key) === target,
          );
          if (candidates.length === 0) expect(found).toBeNull();
          else expect(candidates.map(([key]) => key)).toContain(found);
        },
      ),
    );
  });

  it('refuses what is not an id', () => {
    const state = initialAccountsState();
    for (const id of ['', 'F'.repeat(16), 'g'.repeat(16), 'f'.repeat(15), 'f'.repeat(64)]) {
      expect(ownSessionHash(state, 1, id, 0)).toBeNull();
    }
  });
});

describe('a session id', () => {
  it('is exactly 16 lower-case hex digits', () => {
    expect(isSessionId('0123456789abcdef')).toBe(true);
    for (const id of [
      '',
      '0123456789abcde',
      '0123456789abcdef0',
      '0123456789ABCDEF',
      'x123456789abcdef',
      '0123456789abcdex',
      '01234567-9abcdef',
    ]) {
      expect(isSessionId(id), id).toBe(false);
    }
  });
});
