import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { catalogue, type AnswerOf, type PayloadOf } from '../../../src/api/catalogue.ts';
import type { Envelope } from '../../../src/api/envelope.ts';
import { feeBpsOfPercent, feePercentText } from '../../../src/domain/micro/rules.ts';
import { unitsOf } from '../../../src/domain/wallet/amounts.ts';
import { microOrderMachine, type MicroTerms } from '../../../src/machines/micro-order.machine.ts';
import type { MicroOrder } from '../../../src/streams/micro-pushes.ts';
import { userBalance } from '../../../src/sim/ledger/postings.ts';
import { spotFixture } from '../spot/sim-fixture.ts';
import { MICRO_TERMS } from '../machines/order-form-terms.ts';

/**
 * The micro confirmation shows the fee paid besides the stake and the payout a win brings. Both
 * come from the form machine, read from the terms the exchange answers (fee_rate, profit_ratio);
 * here they are checked against arithmetic written out in the test, and against what the simulator
 * really charges and pays.
 */

/** The form with `terms`, `amount` typed and BUY pressed: the contract waiting for confirmation. */
async function confirming(
  terms: MicroTerms,
  amount: string,
  seconds: number,
  submit?: (p: PayloadOf<'microtrade/submit'>) => Promise<MicroOrder>,
) {
  const actor = createActor(
    microOrderMachine.provide({
      actors: {
        loadTerms: fromPromise<MicroTerms>(async () => terms),
        submit: fromPromise<MicroOrder, PayloadOf<'microtrade/submit'>>(({ input }) =>
          submit ? submit(input) : new Promise(() => {}),
        ),
      },
    }),
    { input: { matchId: 1, decimalComma: false } },
  ).start();
  await waitFor(actor, (s) => s.matches('editing'));
  actor.send({ type: 'SECONDS', seconds });
  actor.send({ type: 'AMOUNT', text: amount });
  actor.send({ type: 'BUY', direction: 'up' });
  return actor;
}

const divUp = (a: bigint, b: bigint) => (a + b - 1n) / b;

describe('the micro confirmation quote', () => {
  it('fee_rate is a percent, read back exactly; anything else is not a fee rate', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10_000n }), (bps) => {
        expect(feeBpsOfPercent(feePercentText(bps))).toBe(bps);
      }),
    );
    expect(feeBpsOfPercent('0.10')).toBe(10n);
    expect(feeBpsOfPercent('0.1')).toBe(10n);
    expect(feeBpsOfPercent('2')).toBe(200n);
    for (const bad of ['', '-0.1', '0.001', '100.01', '1e2', '0,1', ' 0.1', 'abc'])
      expect(feeBpsOfPercent(bad), bad).toBeNull();
  });

  it('shows the fee of the stated rate rounded up, and stake x (1 + ratio) rounded down, for what was typed', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 1_000 }),
        fc.bigInt({ min: 0n, max: 500n }),
        fc.integer({ min: 0, max: 99 }),
        fc.constantFrom(...MICRO_TERMS.seconds),
        async (whole, feeBps, cents, option) => {
          const feeRate = feePercentText(feeBps);
          const currency = { ...MICRO_TERMS.currencies[0]!, fee_rate: feeRate };
          const terms = { ...MICRO_TERMS, currencies: [currency] };
          const amount = `${whole}.${String(cents).padStart(2, '0')}`;
          const stake = BigInt(whole) * 100_000_000n + BigInt(cents) * 1_000_000n;
          const actor = await confirming(terms, amount, option.seconds);
          // A stake whose fee makes it more than the 1,000 USDT held is refused, not confirmed.
          const fee = divUp(stake * feeBps, 10_000n);
          if (stake + fee > 1_000n * 100_000_000n) {
            expect(actor.getSnapshot().context.pending).toBeNull();
            return;
          }
          const ratioBps = BigInt(Math.round(Number(option.profit_ratio) * 10_000));
          const pending = actor.getSnapshot().context.pending!;
          expect(pending.payload.number).toBe(amount);
          expect(pending.quote.fee).toBe(fee);
          expect(pending.quote.payout).toBe(stake + (stake * ratioBps) / 10_000n);
          actor.stop();
        },
      ),
      { numRuns: 60 },
    );
  });

  it('is what the simulator charges at purchase and pays for the winning side', async () => {
    const f = await spotFixture();
    const token = await f.login();
    const call = async <T>(path: string, payload: Record<string, unknown> = {}): Promise<T> => {
      const answer: Envelope = await f.simulator.server.handle({
        method: catalogue[path as keyof typeof catalogue]?.method ?? 'POST',
        path,
        payload,
        headers: { lang: 'en', authorization: token },
        timeoutMs: 20_000,
      });
      expect(answer.code, answer.msg).toBe(1);
      return answer.data as T;
    };
    await call('account/transfer', { currency_id: 1, balance: '1000', from: 'change', to: 'micro' });
    const terms: MicroTerms = {
      currencies: await call<AnswerOf<'microtrade/payable_currencies'>>('microtrade/payable_currencies'),
      seconds: await call<AnswerOf<'microtrade/seconds'>>('microtrade/seconds'),
    };
    expect(terms.currencies.find((c) => c.code === 'USDT')?.fee_rate).toBe('0.1');
    const userId = f.simulator.accounts.userIdOf(token, f.clock.now())!;
    const micro = () => userBalance(f.simulator.micro.state(), userId, 'micro', 1);
    const before = micro().available;

    // Up and down on the same pair, the same stake and seconds, bought at the same moment: they
    // open and close on the same two trades, so one wins and the other loses (or both tie).
    const submit = (input: PayloadOf<'microtrade/submit'>) =>
      call<MicroOrder>('microtrade/submit', { ...input, type: input.type });
    const up = await confirming(terms, '123.45', 60, submit);
    const quote = up.getSnapshot().context.pending!.quote;
    expect(quote.fee).toBe(12_345_000n); // 0.1 % of 123.45, 0.12345
    up.send({ type: 'CONFIRM' });
    await waitFor(up, (s) => s.matches('refreshing') || s.matches('editing'));
    const down = await confirming(terms, '123.45', 60, (input) => submit({ ...input, type: 2 }));
    expect(down.getSnapshot().context.pending!.quote).toEqual(quote);
    down.send({ type: 'CONFIRM' });
    await waitFor(down, (s) => s.matches('refreshing') || s.matches('editing'));

    const stake = unitsOf('123.45')!;
    expect(micro().available).toBe(before - 2n * (stake + quote.fee));
    await f.run(65_000);
    await f.simulator.micro.advance();
    const closed = await call<{ data: MicroOrder[] }>('microtrade/lists', { match_id: 1, status: 3 });
    expect(closed.data).toHaveLength(2);
    for (const order of closed.data) expect(unitsOf(order.fee)).toBe(quote.fee);
    const tie = closed.data.every((order) => order.profit_result === 0);
    expect(micro().available).toBe(
      before - 2n * quote.fee - (tie ? 0n : 2n * stake) + (tie ? 0n : quote.payout),
    );
  });
});
