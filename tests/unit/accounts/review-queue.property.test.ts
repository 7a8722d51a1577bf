import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REVIEW_STATUS_PENDING } from '../../../src/domain/contract-codes.ts';
import { ManualClock } from '../../../src/sim/clock.ts';
import { earliestPendingReview } from '../../../src/sim/features/accounts/accounts.ts';
import type { AccountCommand } from '../../../src/sim/features/accounts/commands.ts';
import { DEMO_ACCOUNT, POLICY } from '../../../src/sim/features/accounts/policy.ts';
import type { AccountsState } from '../../../src/sim/features/accounts/state.ts';
import { freshStore, PNG, START, startAccounts } from './harness.ts';

/**
 * Every signed-in call first records the real-name reviews that fell due (Accounts.settleReviews).
 * It used to walk every user on every call to ask whether one was due; it now asks when the
 * earliest pending review was submitted (worked out once per users map). Invariant: whatever the
 * users did (registered, submitted reviews, waited, called) and however the feature restarted on
 * its log, a call records the approvals exactly when the walk said some review was due, with the
 * same command (so the same events), and the earliest submission is the walk's minimum.
 */

/** The pre-index check of settleReviews: a walk of every user (the oracle). */
function dueByWalk(state: AccountsState, now: number): boolean {
  return [...state.users.values()].some(
    (user) =>
      user.realName?.status === REVIEW_STATUS_PENDING &&
      user.realName.submittedAt + POLICY.reviewDelayMs <= now,
  );
}

function earliestByWalk(state: AccountsState): number {
  const times = [...state.users.values()]
    .filter((user) => user.realName?.status === REVIEW_STATUS_PENDING)
    .map((user) => user.realName!.submittedAt);
  return Math.min(Infinity, ...times);
}

type Op =
  | { kind: 'register' }
  | { kind: 'submit'; who: number }
  | { kind: 'wait'; ms: number }
  | { kind: 'call'; who: number }
  | { kind: 'restart' };

const who = fc.nat({ max: 4 });
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 2, arbitrary: fc.constant({ kind: 'register' as const }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('submit' as const), who }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('wait' as const),
      ms: fc.oneof(
        fc.integer({ min: 0, max: 2 * POLICY.reviewDelayMs }),
        fc.constantFrom(POLICY.reviewDelayMs - 1, POLICY.reviewDelayMs, 1),
      ),
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('call' as const), who }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'restart' as const }) },
);

describe('settleReviews asks the earliest pending review, not every user', () => {
  it('records approvals exactly when the walk of every user found one due, through restarts', async () => {
    let sawDue = 0;
    let sawNotDue = 0;
    let submitted = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 3, maxLength: 25 }), async (ops) => {
        const store = freshStore();
        const clock = new ManualClock(START);
        let sim = await startAccounts({ store, clock });
        const accounts: Array<{ email: string; token: string }> = [
          { email: DEMO_ACCOUNT.email, token: await sim.login(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password) },
        ];
        const executed: AccountCommand[] = [];
        const watch = () => {
          const execute = sim.accounts.execute.bind(sim.accounts);
          sim.accounts.execute = (command, request) => {
            executed.push(command);
            return execute(command, request);
          };
        };
        watch();
        /** A signed-in call: it records the approvals (once, at this time) exactly when the walk said some were due. */
        const signedIn = async (path: string, payload: Record<string, unknown>, token: string) => {
          const due = dueByWalk(sim.accounts.state(), clock.now());
          if (due) sawDue++;
          else sawNotDue++;
          executed.length = 0;
          const answer = await sim.call(path, payload, token);
          expect(executed.filter((command) => command.kind === 'approveDueReviews')).toEqual(
            due ? [{ kind: 'approveDueReviews', at: clock.now() }] : [],
          );
          expect(dueByWalk(sim.accounts.state(), clock.now())).toBe(false);
          return answer;
        };
        const check = () => {
          const state = sim.accounts.state();
          expect(earliestPendingReview(state.users)).toBe(earliestByWalk(state));
        };
        for (const step of ops) {
          switch (step.kind) {
            case 'register': {
              const email = `review-${accounts.length}@example.com`;
              expect((await sim.register(email)).code).toBe(1);
              accounts.push({ email, token: await sim.login(email) });
              break;
            }
            case 'submit': {
              const { token } = accounts[step.who % accounts.length]!;
              const upload = async () =>
                (
                  (
                    await sim.call(
                      'common/image_upload',
                      { file: new Blob([PNG], { type: 'image/png' }) },
                      token,
                    )
                  ).data as { url: string }
                ).url;
              const [front, back] = [await upload(), await upload()];
              const answer = await signedIn(
                'user_real/real_name',
                { name: 'Ada Lovelace', card_id: 'ab123456', front_pic: front, reverse_pic: back },
                token,
              );
              if (answer.code === 1) submitted++;
              break;
            }
            case 'wait':
              clock.advance(step.ms);
              break;
            case 'call': {
              const { token } = accounts[step.who % accounts.length]!;
              expect((await signedIn('user/info', {}, token)).code).toBe(1);
              break;
            }
            case 'restart': {
              // The state folded from the log (its users map a new one): the same answers.
              sim = await startAccounts({ store, clock });
              watch();
              for (const account of accounts)
                account.token = await sim.login(
                  account.email,
                  account.email === DEMO_ACCOUNT.email ? DEMO_ACCOUNT.password : 'Secret123',
                );
              break;
            }
          }
          check();
        }
        // Every review still pending falls due: the next call approves it, as the walk says.
        clock.advance(POLICY.reviewDelayMs);
        await signedIn('user/info', {}, accounts[0]!.token);
        check();
        store.close();
      }),
      { numRuns: 30 },
    );
    expect(sawDue).toBeGreaterThan(15);
    expect(sawNotDue).toBeGreaterThan(5);
    expect(submitted).toBeGreaterThan(15);
  }, 120_000);
});
