import { describe, expect, it } from 'vitest';
import {
  microFee,
  microOutcome,
  microPayout,
  MICRO_FEE_BPS,
  RATIO_SCALE,
} from '../../../src/domain/micro/rules.ts';
import { applyPostings, bookBalance, userBalance } from '../../../src/sim/ledger/postings.ts';
import { pairById } from '../../../src/sim/market/pairs.ts';
import type { MicroCommand } from '../../../src/sim/features/micro/events.ts';
import { microOf, microPart, microPostings } from '../../../src/sim/features/micro/part.ts';
import { initialMicroState, type TapeTradeRef } from '../../../src/sim/features/micro/state.ts';
import { spotAggregate } from '../../../src/sim/features/spot/aggregate.ts';
import { exchangeAggregate } from '../../../src/sim/exchange/exchange.ts';
import { walletPart } from '../../../src/sim/features/wallet/part.ts';
import type { ExchangeState } from '../../../src/sim/exchange/state.ts';

/**
 * The micro part's rules one by one, each at its boundary: what a buy refuses and with which key,
 * what it locks and pays, when a settlement may happen and on which trade, what it posts to which
 * book, and the records each movement writes.
 */
const UNIT = 100_000_000n;
const aggregate = exchangeAggregate(spotAggregate(pairById), [walletPart, microPart], () => ({
  micro: initialMicroState(),
}));
const T0 = Date.UTC(2026, 10, 2, 9, 0, 0);
const OPEN: TapeTradeRef = { id: 500, time: T0, price: 1_000_000 };

function funded(units = 1000n * UNIT): ExchangeState {
  return applyPostings(aggregate.initial(), [
    { kind: 'user', userId: 1, account: 'micro', currencyId: 1, available: units, locked: 0n },
    { kind: 'book', book: 'grants', currencyId: 1, amount: -units },
  ]);
}

function buy(overrides: Partial<Extract<MicroCommand, { kind: 'microBuy' }>> = {}): MicroCommand {
  const stake = overrides.stake ?? 100n * UNIT;
  return {
    kind: 'microBuy',
    at: T0,
    userId: 1,
    pairId: 1,
    currencyId: 1,
    direction: 'up',
    seconds: 30,
    ratioBps: 8000n,
    stake,
    fee: microFee(stake, MICRO_FEE_BPS),
    min: 10n * UNIT,
    max: 500n * UNIT,
    open: OPEN,
    ...overrides,
  };
}

function apply(state: ExchangeState, command: MicroCommand): ExchangeState {
  const decision = aggregate.decide(state, command);
  if (!decision.ok) throw new Error(decision.error);
  return decision.events.reduce((next, event) => aggregate.evolve(next, event), state);
}

const refusal = (state: ExchangeState, command: MicroCommand) => {
  const decision = aggregate.decide(state, command);
  return decision.ok ? null : decision.error;
};

describe('micro buys', () => {
  it('refuse a ratio outside (0, 100 %], a missing price and a stake outside the terms, each by its key', () => {
    const state = funded();
    expect(refusal(state, buy({ ratioBps: 0n }))).toBe('microRatioInvalid');
    expect(refusal(state, buy({ ratioBps: -1n }))).toBe('microRatioInvalid');
    expect(refusal(state, buy({ ratioBps: RATIO_SCALE + 1n }))).toBe('microRatioInvalid');
    expect(refusal(state, buy({ ratioBps: RATIO_SCALE }))).toBeNull();
    expect(refusal(state, buy({ ratioBps: 1n }))).toBeNull();
    expect(refusal(state, buy({ open: { ...OPEN, price: 0 } }))).toBe('microNoPrice');
    expect(refusal(state, buy({ open: { ...OPEN, price: -5 } }))).toBe('microNoPrice');
    expect(refusal(state, buy({ open: { ...OPEN, price: 1 } }))).toBeNull();
    expect(refusal(state, buy({ stake: 10n * UNIT - 1n }))).toBe('microAmountTooSmall');
    expect(refusal(state, buy({ stake: 500n * UNIT + 1n }))).toBe('microAmountTooLarge');
    expect(refusal(funded(100n * UNIT), buy())).toBe('microInsufficient');
  });

  it('open a running contract: stake locked, fee to the fees book, one record of the whole movement', () => {
    const state = apply(funded(), buy());
    const stake = 100n * UNIT;
    const fee = microFee(stake, MICRO_FEE_BPS);
    const micro = microOf(state);
    const contract = micro.contracts.get(1)!;
    expect(contract).toMatchObject({
      id: 1,
      status: 'running',
      stake,
      fee,
      openedAt: T0,
      expiresAt: T0 + 30_000,
      open: OPEN,
      close: null,
      payout: 0n,
    });
    expect([...micro.running]).toEqual([1]);
    expect(micro.nextContractId).toBe(2);
    expect(userBalance(state, 1, 'micro', 1)).toEqual({
      available: 1000n * UNIT - stake - fee,
      locked: stake,
    });
    expect(bookBalance(state, 'fees', 1)).toBe(fee);
    expect(state.wallet.logs.get(1)).toEqual([
      {
        id: 1,
        account: 'micro',
        currencyId: 1,
        before: 1000n * UNIT,
        value: -(stake + fee),
        after: 1000n * UNIT - stake - fee,
        kind: 'microBuy',
        detail: '',
        at: T0,
      },
    ]);
    expect(state.wallet.nextLogId).toBe(2);
    // A second contract takes the next id and adds a second record.
    const again = apply(state, buy({ at: T0 + 1 }));
    expect(microOf(again).nextContractId).toBe(3);
    expect([...microOf(again).running]).toEqual([1, 2]);
    expect(again.wallet.logs.get(1)!.map((line) => line.id)).toEqual([1, 2]);
  });
});

describe('micro settlements', () => {
  // Worked out inside each test: a mutant is switched on while a test runs, not while files load.
  const opened = () => apply(funded(), buy());
  const settle = (at: number, close: TapeTradeRef, contractId = 1): MicroCommand => ({
    kind: 'microSettle',
    at,
    closes: [{ contractId, close }],
  });
  const expiry = T0 + 30_000;

  it('happen only for a running contract, at or after its expiry, on a trade at or before it', () => {
    const win: TapeTradeRef = { id: 900, time: expiry, price: 1_100_000 };
    const events = (state: ExchangeState, command: MicroCommand) => {
      const decision = aggregate.decide(state, command);
      return decision.ok ? decision.events : [];
    };
    expect(events(opened(), settle(expiry - 1, win))).toEqual([]);
    expect(events(opened(), settle(expiry, { ...win, time: expiry + 1 }))).toEqual([]);
    expect(events(opened(), settle(expiry, win, 99))).toEqual([]);
    const settled = events(opened(), settle(expiry, win));
    expect(settled).toEqual([
      {
        type: 'MicroSettled',
        at: expiry,
        contractId: 1,
        close: win,
        outcome: microOutcome('up', OPEN.price, win.price),
        payout: microPayout(100n * UNIT, 8000n, microOutcome('up', OPEN.price, win.price)),
      },
    ]);
    // Settled once: the part itself (before the exchange's overdraw check) settles it no more.
    const closed = apply(opened(), settle(expiry, win));
    const again = microPart.decide(closed, settle(expiry + 5, win));
    expect(again.ok && again.events).toEqual([]);
  });

  it('a win pays stake and profit from the micro book, a loss leaves the stake to it, a tie returns it', () => {
    const stake = 100n * UNIT;
    const fee = microFee(stake, MICRO_FEE_BPS);
    const cases: [number, bigint][] = [
      [1_100_000, stake + (stake * 8000n) / RATIO_SCALE],
      [900_000, 0n],
      [1_000_000, stake],
    ];
    for (const [price, payout] of cases) {
      const close = { id: 900, time: expiry, price };
      const state = apply(opened(), settle(expiry, close));
      const contract = microOf(state).contracts.get(1)!;
      expect(contract.payout).toBe(payout);
      expect(contract).toMatchObject({ status: 'closed', close, closedAt: expiry });
      expect([...microOf(state).running]).toEqual([]);
      expect(userBalance(state, 1, 'micro', 1)).toEqual({
        available: 1000n * UNIT - stake - fee + payout,
        locked: 0n,
      });
      expect(bookBalance(state, 'micro', 1)).toBe(stake - payout);
      expect(bookBalance(state, 'fees', 1)).toBe(fee);
      const lines = state.wallet.logs.get(1)!;
      if (payout === 0n) expect(lines).toHaveLength(1);
      else
        expect(lines[1]).toEqual({
          id: 2,
          account: 'micro',
          currencyId: 1,
          before: 1000n * UNIT - stake - fee,
          value: payout,
          after: 1000n * UNIT - stake - fee + payout,
          kind: 'microSettle',
          detail: '',
          at: expiry,
        });
    }
  });

  it('posts nothing for a contract it does not know', () => {
    expect(
      microPostings(opened(), {
        type: 'MicroSettled',
        at: expiry,
        contractId: 42,
        close: OPEN,
        outcome: 0,
        payout: 0n,
      }),
    ).toEqual([]);
    const unknown = aggregate.evolve(opened(), {
      type: 'MicroSettled',
      at: expiry,
      contractId: 42,
      close: OPEN,
      outcome: 0,
      payout: 0n,
    });
    expect(microOf(unknown)).toEqual(microOf(opened()));
    expect(unknown.balances).toEqual(opened().balances);
  });
});
