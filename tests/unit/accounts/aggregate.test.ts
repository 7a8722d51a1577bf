import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountsAggregate } from '../../../src/sim/features/accounts/aggregate.ts';
import type { AccountCommand } from '../../../src/sim/features/accounts/commands.ts';
import type { AccountEvent } from '../../../src/sim/features/accounts/events.ts';
import { POLICY } from '../../../src/sim/features/accounts/policy.ts';
import {
  addressKey,
  type AccountsState,
  type PasswordHash,
} from '../../../src/sim/features/accounts/state.ts';
import { deserialize, serialize } from '../../../src/sim/store/serialization.ts';

const aggregate = accountsAggregate({ ...POLICY });
const HASH: PasswordHash = { iterations: 1, salt: '00', hash: 'ff' };

/** Folds commands like the event store does: refused commands change nothing. */
function fold(commands: readonly AccountCommand[]) {
  let state = aggregate.initial();
  const log: AccountEvent[] = [];
  const outcomes: boolean[] = [];
  for (const command of commands) {
    const decision = aggregate.decide(state, command);
    outcomes.push(decision.ok);
    if (!decision.ok) continue;
    for (const event of decision.events) {
      state = aggregate.evolve(state, event);
      log.push(event);
    }
  }
  return { state, log, outcomes };
}

const addresses = ['a@x.co', 'b@x.co', '13800138000'] as const;
const codes = ['111111', '222222'] as const;

/** Commands over a tiny world (three addresses, two codes), at increasing times. */
const command = (at: number): fc.Arbitrary<AccountCommand> => {
  const address = fc.constantFrom(...addresses);
  const channelOf = (value: string) => (value.includes('@') ? ('email' as const) : ('sms' as const));
  return fc.oneof(
    fc
      .tuple(address, fc.constantFrom(...codes), fc.constantFrom(1, 2, 3, 4, 5))
      .map(([to, code, purpose]): AccountCommand => ({
        kind: 'issueCode',
        at,
        channel: channelOf(to),
        address: to,
        purpose: purpose as 1 | 2 | 3 | 4 | 5,
        code,
      })),
    fc
      .tuple(address, fc.constantFrom(...codes), fc.constantFrom('', 'TESSERA1'), fc.nat(99))
      .map(([to, code, invitedWith, n]): AccountCommand => ({
        kind: 'register',
        at,
        channel: channelOf(to),
        address: to,
        areaId: to.includes('@') ? null : 45,
        code,
        password: HASH,
        invitedWith,
        newInviteCode: `INV${n}`,
        authorizationCode: `AUTH${n}`,
      })),
    fc.constant<AccountCommand>({
      kind: 'seedDemo',
      at,
      email: 'demo@x.co',
      password: HASH,
      inviteCode: 'TESSERA1',
      authorizationCode: 'A',
    }),
    fc
      .tuple(fc.integer({ min: 10_000, max: 10_004 }), fc.constantFrom('t1', 't2'))
      .map(([userId, token]): AccountCommand => ({
        kind: 'startSession',
        at,
        userId,
        token,
        loginCode: null,
      })),
    fc.constantFrom('t1', 't2').map((token): AccountCommand => ({ kind: 'endSession', at, token })),
    fc.tuple(address, fc.constantFrom(...codes)).map(([to, code]): AccountCommand => ({
      kind: 'resetPassword',
      at,
      channel: channelOf(to),
      address: to,
      code,
      password: HASH,
    })),
    fc
      .tuple(
        fc.integer({ min: 10_001, max: 10_004 }),
        fc.constantFrom('a@x.co', 'c@x.co'),
        fc.constantFrom(...codes),
      )
      .map(([userId, email, code]): AccountCommand => ({ kind: 'bindEmail', at, userId, email, code })),
    fc.constant<AccountCommand>({ kind: 'approveDueReviews', at }),
  );
};

const script = fc
  .array(fc.tuple(fc.integer({ min: 0, max: 120_000 }), fc.nat()), { maxLength: 40 })
  .chain((steps) => {
    let at = 1_000_000;
    return fc.tuple(...steps.map(([gap]) => command((at += gap))));
  });

function checkIndexes(state: AccountsState): void {
  for (const user of state.users.values()) {
    if (user.email) expect(state.addresses.get(addressKey('email', user.email))).toBe(user.id);
    if (user.mobile) expect(state.addresses.get(addressKey('sms', user.mobile))).toBe(user.id);
    expect(state.inviteCodes.get(user.inviteCode)).toBe(user.id);
  }
  for (const [key, id] of state.addresses) {
    const user = state.users.get(id);
    expect(user && (addressKey('email', user.email) === key || addressKey('sms', user.mobile) === key)).toBe(
      true,
    );
  }
  for (const session of state.sessions.values()) expect(state.users.has(session.userId)).toBe(true);
}

describe('accounts aggregate', () => {
  it('keeps its indexes consistent under any command sequence', () => {
    fc.assert(
      fc.property(script, (commands) => checkIndexes(fold(commands).state)),
      { numRuns: 300 },
    );
  });

  it('is deterministic and survives a snapshot round trip', () => {
    fc.assert(
      fc.property(script, (commands) => {
        const first = fold(commands);
        const again = fold(commands);
        expect(serialize(again.state)).toBe(serialize(first.state));
        expect(deserialize(serialize(first.state))).toEqual(first.state);
        // Replaying the log alone (what a reload does) rebuilds the same state.
        const replayed = first.log.reduce(aggregate.evolve, aggregate.initial());
        expect(serialize(replayed)).toBe(serialize(first.state));
      }),
      { numRuns: 200 },
    );
  });

  it('never lets one address register twice, and uses each code once', () => {
    fc.assert(
      fc.property(script, (commands) => {
        const { log } = fold(commands);
        const registered = log.filter((event) => event.type === 'UserRegistered');
        const keys = registered.map((event) =>
          event.type === 'UserRegistered' ? event.user.email || event.user.mobile : '',
        );
        expect(new Set(keys).size).toBe(keys.length);
        // Every registration consumed a code that had been issued and not used since.
        const issued = new Map<string, number>();
        for (const event of log) {
          if (event.type === 'CodeIssued' && event.codeHash !== '') {
            issued.set(
              `${event.channel}:${event.address}#${event.purpose}`,
              (issued.get(`${event.channel}:${event.address}#${event.purpose}`) ?? 0) + 1,
            );
          }
          if (event.type === 'CodeUsed') {
            const left = issued.get(event.key) ?? 0;
            expect(left).toBeGreaterThan(0);
            issued.set(event.key, left - 1);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('grants demo funds exactly once per new account', () => {
    fc.assert(
      fc.property(script, (commands) => {
        const { state } = fold(commands);
        expect(state.grants.map((grant) => grant.userId).sort()).toEqual([...state.users.keys()].sort());
      }),
    );
  });

  it('refuses a code after its lifetime and a second code within the interval', () => {
    const issue = (at: number): AccountCommand => ({
      kind: 'issueCode',
      at,
      channel: 'email',
      address: 'a@x.co',
      purpose: 1,
      code: '123456',
    });
    const register = (at: number): AccountCommand => ({
      kind: 'register',
      at,
      channel: 'email',
      address: 'a@x.co',
      areaId: null,
      code: '123456',
      password: HASH,
      invitedWith: '',
      newInviteCode: 'NEW1',
      authorizationCode: 'AUTH',
    });
    expect(fold([issue(0), issue(POLICY.codeIntervalMs - 1)]).outcomes).toEqual([true, false]);
    expect(fold([issue(0), register(POLICY.codeTtlMs)]).outcomes).toEqual([true, false]);
    expect(fold([issue(0), register(POLICY.codeTtlMs - 1), register(POLICY.codeTtlMs - 1)]).outcomes).toEqual(
      [true, true, false],
    );
  });

  it('records a review approval at the moment it fell due', () => {
    let state = fold([
      {
        kind: 'seedDemo',
        at: 0,
        email: 'demo@x.co',
        password: HASH,
        inviteCode: 'T1',
        authorizationCode: 'A',
      },
    ]).state;
    const userId = [...state.users.keys()][0] ?? 0;
    const apply = (command: AccountCommand) => {
      const decision = aggregate.decide(state, command);
      if (!decision.ok) throw new Error(decision.error);
      state = decision.events.reduce(aggregate.evolve, state);
      return decision.events;
    };
    apply({
      kind: 'recordUpload',
      at: 5,
      upload: { id: 'f', owner: userId, type: 'image/png', size: 1, at: 5 },
    });
    apply({
      kind: 'recordUpload',
      at: 5,
      upload: { id: 'b', owner: userId, type: 'image/png', size: 1, at: 5 },
    });
    apply({
      kind: 'submitRealName',
      at: 10,
      userId,
      name: 'Ada',
      cardId: 'AB1234',
      frontPic: 'f',
      backPic: 'b',
    });
    expect(apply({ kind: 'approveDueReviews', at: 10 + POLICY.reviewDelayMs - 1 })).toEqual([]);
    expect(apply({ kind: 'approveDueReviews', at: 10 + POLICY.reviewDelayMs * 5 })).toEqual([
      { type: 'RealNameApproved', at: 10 + POLICY.reviewDelayMs, userId },
    ]);
    expect(state.users.get(userId)?.realName?.status).toBe(2);
  });

  it('refuses, by itself, a real name that is not a name and feedback that is only white space', () => {
    const seed: AccountCommand = {
      kind: 'seedDemo',
      at: 0,
      email: 'demo@x.co',
      password: HASH,
      inviteCode: 'T1',
      authorizationCode: 'A',
    };
    const userId = [...fold([seed]).state.users.keys()][0] ?? 0;
    const seeded = fold([
      seed,
      { kind: 'recordUpload', at: 1, upload: { id: 'f', owner: userId, type: 'image/png', size: 1, at: 1 } },
      { kind: 'recordUpload', at: 1, upload: { id: 'b', owner: userId, type: 'image/png', size: 1, at: 1 } },
    ]).state;
    const realName = (name: string) =>
      aggregate.decide(seeded, {
        kind: 'submitRealName',
        at: 2,
        userId,
        name,
        cardId: 'AB1234',
        frontPic: 'f',
        backPic: 'b',
      });
    for (const name of ['<img src=x onerror=alert(1)>', '😀😀', 'Ada\u202e', 'R2D2']) {
      expect(realName(name), name).toEqual({ ok: false, error: 'badName' });
    }
    expect(realName('Ada Lovelace').ok).toBe(true);
    const feedback = (content: string) =>
      aggregate.decide(seeded, { kind: 'submitFeedback', at: 2, userId, type: 1, title: 'T', content });
    expect(feedback(`a${' '.repeat(9)}b`)).toEqual({ ok: false, error: 'shortContent' });
    expect(feedback('a b c d e f').ok).toBe(true);
  });
});
