import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { MICRO_STATUS_RUNNING, MICRO_TYPE_UP } from '../../../src/domain/contract-codes.ts';
import { microOrderMachine, type MicroTerms } from '../../../src/machines/micro-order.machine.ts';
import {
  microScreenMachine,
  pushedClock,
  remainingSeconds,
  type MicroListInput,
  type MicroListPage,
  type ServerClock,
} from '../../../src/machines/micro-screen.machine.ts';
import type { MicroOrder } from '../../../src/streams/micro-pushes.ts';

const START = 1_800_000_000_000;

/** A contract opened at START for `seconds`, as the server answered it `answeredAfter` ms later. */
function running(seconds: number, answeredAfter: number): MicroOrder {
  return {
    id: 1,
    match_id: 1,
    symbol_name: 'BTC/USDT',
    seconds,
    number: '10.00000000',
    currency_id: 1,
    currency_name: 'USDT',
    type: MICRO_TYPE_UP,
    status: MICRO_STATUS_RUNNING,
    open_price: '100.00',
    end_price: '',
    profit_ratio: '0.40',
    fact_profits: '0.00',
    profit_result: 0,
    fee: '0.01000000',
    created_at: START,
    expires_at: START + seconds * 1000,
    remain_milli_seconds: Math.max(0, seconds * 1000 - answeredAfter),
    server_now: START + answeredAfter,
    open_trade: { id: 1, time: START, price: '100.00' },
    end_trade: null,
  };
}

/** Reports of the server's time in the order they reach the tab: [time, speed], possibly stale. */
const reports = fc.array(
  fc.tuple(fc.integer({ min: -60_000, max: 600_000 }), fc.constantFrom(1, 2, 10, 60)),
  { minLength: 1, maxLength: 30 },
);

describe("the micro screen's server clock (issue 14: countdowns from the server's time)", () => {
  it('never winds back behind a time the server has stated; a fresh push sets it exactly', () => {
    fc.assert(
      fc.property(reports, (sequence) => {
        let clock: ServerClock = { now: null, speed: 1, known: null };
        let latest = -Infinity;
        for (const [offset, speed] of sequence) {
          const time = START + offset;
          const fresh = time >= latest;
          const before = clock;
          clock = pushedClock(clock, time, speed);
          if (fresh) {
            expect(clock).toEqual({ now: time, speed, known: time });
            latest = time;
          } else {
            expect(clock).toBe(before);
          }
          expect(clock.now).toBeGreaterThanOrEqual(latest);
        }
      }),
    );
  });

  it("never shows more than the contract's duration, whatever the clock says", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(30, 60, 180, 300, 600),
        fc.option(fc.integer({ min: -3_600_000, max: 3_600_000 }), { nil: null }),
        fc.integer({ min: 0, max: 600_000 }),
        (seconds, offset, answeredAfter) => {
          const row = running(seconds, answeredAfter);
          const left = remainingSeconds(row, { now: offset === null ? null : START + offset, speed: 1 });
          expect(left).toBeGreaterThanOrEqual(0);
          expect(left).toBeLessThanOrEqual(seconds);
        },
      ),
    );
  });

  it('a stale push after a reload does not wind the countdown back; the next fresh one moves it on', async () => {
    const row = running(600, 20_000);
    const terms: MicroTerms = { currencies: [], seconds: [] };
    const machine = microScreenMachine.provide({
      actors: {
        form: microOrderMachine.provide({ actors: { loadTerms: fromPromise(async () => terms) } }),
        loadList: fromPromise<MicroListPage, MicroListInput>(async ({ input }) =>
          input.status === MICRO_STATUS_RUNNING ? { rows: [row], total: 1 } : { rows: [], total: 0 },
        ),
      },
    });
    const clock = new SimulatedClock();
    const actor = createActor(machine, { input: { matchId: 1, signedIn: true }, clock }).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const left = () =>
      remainingSeconds(actor.getSnapshot().context.running[0]!, actor.getSnapshot().context.clock);
    expect(left()).toBe(580);
    // A push queued before the reload's answers (6 s older than the list) is ignored.
    actor.send({ type: 'SERVER_NOW', now: START + 14_000, speed: 1 });
    expect(left()).toBe(580);
    clock.increment(1000);
    expect(left()).toBe(579);
    // The market slowed from x60 to x1 after a tick at x60 overshot: the fresh push brings it back.
    actor.send({ type: 'SERVER_NOW', now: START + 21_000, speed: 60 });
    clock.increment(1000);
    expect(left()).toBe(519);
    actor.send({ type: 'SERVER_NOW', now: START + 22_500, speed: 1 });
    expect(left()).toBe(578);
    actor.stop();
  });
});
