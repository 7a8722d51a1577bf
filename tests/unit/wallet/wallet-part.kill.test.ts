import { describe, expect, it } from 'vitest';
import { WITHDRAWABLE_CONFIRMATIONS } from '../../../src/domain/wallet/amounts.ts';
import type { WalletAccount } from '../../../src/domain/wallet/accounts.ts';
import { leverTransferable } from '../../../src/domain/lever/rules.ts';
import { accountFigures, leverOf, leverPart } from '../../../src/sim/features/lever/part.ts';
import { initialLeverState } from '../../../src/sim/features/lever/state.ts';
import { applyPostings, bookBalance, userBalance } from '../../../src/sim/ledger/postings.ts';
import { pairById } from '../../../src/sim/market/pairs.ts';
import { spotAggregate } from '../../../src/sim/features/spot/aggregate.ts';
import type { WalletCommand } from '../../../src/sim/features/wallet/commands.ts';
import { exchangeAggregate, type ExchangeCommand } from '../../../src/sim/exchange/exchange.ts';
import {
  immatureCredit,
  postingsOf,
  txHashOf,
  walletPart,
  withdrawable,
} from '../../../src/sim/features/wallet/part.ts';
import type { ExchangeState } from '../../../src/sim/exchange/state.ts';

/**
 * The wallet part's rules one by one, at their bounds: deposits confirmed on the clock and credited
 * once, withdrawals locked, reviewed, broadcast and confirmed (fee and receive to their books) or
 * cancelled back, transfers only through the trade account, conversions through the conversion
 * book, every refusal by its key, and one record per movement of an available balance.
 */
const UNIT = 100_000_000n;
const aggregate = exchangeAggregate(spotAggregate(pairById), [walletPart]);
const T0 = Date.UTC(2026, 10, 2, 9, 0, 0);
const REVIEW = 60_000;
const BROADCAST = 120_000;

function funded(units = 1000n * UNIT): ExchangeState {
  return applyPostings(aggregate.initial(), [
    { kind: 'user', userId: 1, account: 'change', currencyId: 1, available: units, locked: 0n },
    { kind: 'book', book: 'grants', currencyId: 1, amount: -units },
  ]);
}

function run(state: ExchangeState, command: WalletCommand): ExchangeState {
  const decision = aggregate.decide(state, command as ExchangeCommand);
  if (!decision.ok) throw new Error(decision.error);
  return decision.events.reduce((next, event) => aggregate.evolve(next, event), state);
}

function refusal(state: ExchangeState, command: WalletCommand): string | null {
  const decision = aggregate.decide(state, command as ExchangeCommand);
  return decision.ok ? null : decision.error;
}

const advance = (at: number): WalletCommand => ({
  kind: 'advance',
  at,
  reviewMs: REVIEW,
  broadcastMs: BROADCAST,
});
const deposit = (units: bigint, minimum = 10n * UNIT, at = T0): WalletCommand => ({
  kind: 'deposit',
  at,
  userId: 1,
  currencyId: 1,
  chain: 'TRC20',
  units,
  minimum,
  confirmEveryMs: 10_000,
  txHash: 'hash',
});
const withdraw = (units: bigint, fee: bigint, at = T0): WalletCommand => ({
  kind: 'withdraw',
  at,
  userId: 1,
  currencyId: 1,
  chain: 'TRC20',
  address: 'TAddress',
  memo: '',
  units,
  fee,
});

describe('deposits', () => {
  it('are seen, credited once at the first confirmation, withdrawable at the sixth; below the minimum never', () => {
    expect(refusal(funded(), deposit(0n))).toBe('walletAmountInvalid');
    const seen = run(run(funded(0n), deposit(250n * UNIT)), deposit(5n * UNIT, 10n * UNIT, T0 + 1));
    const [big, small] = [seen.wallet.deposits.get(1)!, seen.wallet.deposits.get(2)!];
    expect(big).toMatchObject({
      id: 1,
      units: 250n * UNIT,
      confirmations: 0,
      belowMinimum: false,
      seenAt: T0,
    });
    expect(small).toMatchObject({ id: 2, belowMinimum: true });
    expect(seen.wallet.nextDepositId).toBe(3);
    expect(userBalance(seen, 1, 'change', 1).available).toBe(0n);
    // 9.999 s: nothing; 10 s: one confirmation and the credit.
    expect(aggregate.decide(seen, advance(T0 + 9_999))).toEqual({ ok: true, events: [] });
    const credited = run(seen, advance(T0 + 10_000));
    expect(credited.wallet.deposits.get(1)!.confirmations).toBe(1);
    expect(userBalance(credited, 1, 'change', 1).available).toBe(250n * UNIT);
    expect(bookBalance(credited, 'deposits', 1)).toBe(-250n * UNIT);
    expect(immatureCredit(credited, 1, 1)).toBe(250n * UNIT);
    expect(withdrawable(credited, 1, 1)).toBe(0n);
    expect(credited.wallet.logs.get(1)).toEqual([
      {
        id: 1,
        account: 'change',
        currencyId: 1,
        before: 0n,
        value: 250n * UNIT,
        after: 250n * UNIT,
        kind: 'deposit',
        detail: '',
        at: T0 + 10_000,
      },
    ]);
    // Later confirmations credit nothing more, and stop at the sixth.
    const later = run(credited, advance(T0 + 300_000));
    expect(later.wallet.deposits.get(1)!.confirmations).toBe(WITHDRAWABLE_CONFIRMATIONS);
    expect(userBalance(later, 1, 'change', 1).available).toBe(250n * UNIT);
    expect(later.wallet.logs.get(1)).toHaveLength(1);
    expect(immatureCredit(later, 1, 1)).toBe(0n);
    expect(withdrawable(later, 1, 1)).toBe(250n * UNIT);
    expect(aggregate.decide(later, advance(T0 + 900_000))).toEqual({ ok: true, events: [] });
  });
});

describe('withdrawals', () => {
  it('refuse a bad amount, a fee not below it, more than is available or withdrawable', () => {
    const state = funded();
    expect(refusal(state, withdraw(0n, 0n))).toBe('walletAmountInvalid');
    expect(refusal(state, withdraw(10n, -1n))).toBe('walletAmountInvalid');
    expect(refusal(state, withdraw(10n, 10n))).toBe('walletAmountInvalid');
    expect(refusal(state, withdraw(10n, 9n))).toBeNull();
    expect(refusal(state, withdraw(1000n * UNIT + 1n, 1n))).toBe('walletInsufficient');
    expect(refusal(state, withdraw(1000n * UNIT, 1n))).toBeNull();
    const young = run(run(funded(0n), deposit(50n * UNIT)), advance(T0 + 10_000));
    expect(refusal(young, withdraw(1n * UNIT, 1n))).toBe('walletNotYetWithdrawable');
  });

  it('lock, go through review and broadcast, and pay the fee and the receive to their books', () => {
    const requested = run(funded(), withdraw(100n * UNIT, 1n * UNIT));
    const w = requested.wallet.withdrawals.get(1)!;
    expect(w).toMatchObject({
      status: 'review',
      units: 100n * UNIT,
      fee: 1n * UNIT,
      receive: 99n * UNIT,
      createdAt: T0,
      txHash: '',
    });
    expect(requested.wallet.nextWithdrawalId).toBe(2);
    expect(userBalance(requested, 1, 'change', 1)).toEqual({ available: 900n * UNIT, locked: 100n * UNIT });
    expect(requested.wallet.logs.get(1)![0]).toMatchObject({
      kind: 'withdraw',
      detail: 'TAddress',
      value: -100n * UNIT,
    });
    expect(aggregate.decide(requested, advance(T0 + REVIEW - 1))).toEqual({ ok: true, events: [] });
    const broadcast = run(requested, advance(T0 + REVIEW));
    expect(broadcast.wallet.withdrawals.get(1)).toMatchObject({
      status: 'broadcast',
      txHash: txHashOf('w', 1, 'TAddress'),
      updatedAt: T0 + REVIEW,
    });
    expect(
      refusal(broadcast, { kind: 'cancelWithdrawal', at: T0 + REVIEW, userId: 1, withdrawalId: 1 }),
    ).toBe('walletWithdrawalNotCancellable');
    expect(aggregate.decide(broadcast, advance(T0 + REVIEW + BROADCAST - 1))).toEqual({
      ok: true,
      events: [],
    });
    const confirmed = run(broadcast, advance(T0 + REVIEW + BROADCAST));
    expect(confirmed.wallet.withdrawals.get(1)).toMatchObject({
      status: 'confirmed',
      txHash: txHashOf('w', 1, 'TAddress'),
    });
    expect(userBalance(confirmed, 1, 'change', 1)).toEqual({ available: 900n * UNIT, locked: 0n });
    expect(bookBalance(confirmed, 'fees', 1)).toBe(1n * UNIT);
    expect(bookBalance(confirmed, 'withdrawals', 1)).toBe(99n * UNIT);
    expect(aggregate.decide(confirmed, advance(T0 + 10 * BROADCAST))).toEqual({ ok: true, events: [] });
  });

  it('are cancelled only in review, only by their owner, back to available', () => {
    const requested = run(funded(), withdraw(100n * UNIT, 1n * UNIT));
    expect(refusal(requested, { kind: 'cancelWithdrawal', at: T0, userId: 2, withdrawalId: 1 })).toBe(
      'walletWithdrawalNotFound',
    );
    expect(refusal(requested, { kind: 'cancelWithdrawal', at: T0, userId: 1, withdrawalId: 9 })).toBe(
      'walletWithdrawalNotFound',
    );
    const cancelled = run(requested, { kind: 'cancelWithdrawal', at: T0 + 5, userId: 1, withdrawalId: 1 });
    expect(cancelled.wallet.withdrawals.get(1)).toMatchObject({
      status: 'cancelled',
      updatedAt: T0 + 5,
      txHash: '',
    });
    expect(userBalance(cancelled, 1, 'change', 1)).toEqual({ available: 1000n * UNIT, locked: 0n });
    expect(cancelled.wallet.logs.get(1)!.map((l) => [l.kind, l.value, l.detail])).toEqual([
      ['withdraw', -100n * UNIT, 'TAddress'],
      ['withdrawRefund', 100n * UNIT, ''],
    ]);
    expect(aggregate.decide(cancelled, advance(T0 + 10 * REVIEW))).toEqual({ ok: true, events: [] });
    expect(postingsOf(cancelled, { type: 'WithdrawalCancelled', at: T0, withdrawalId: 42 })).toEqual([]);
    expect(postingsOf(cancelled, { type: 'WithdrawalConfirmed', at: T0, withdrawalId: 42 })).toEqual([]);
    expect(
      postingsOf(cancelled, {
        type: 'DepositConfirmed',
        at: T0,
        depositId: 42,
        confirmations: 1,
        credit: 5n,
      }),
    ).toEqual([]);
  });
});

describe('transfers and conversions', () => {
  const transfer = (
    from: 'change' | 'lever' | 'micro',
    to: 'change' | 'lever' | 'micro',
    units: bigint,
  ): WalletCommand => ({
    kind: 'transfer',
    at: T0,
    userId: 1,
    currencyId: 1,
    from,
    to,
    units,
  });

  it('move only through the trade account, within what is available, each side recorded', () => {
    const state = funded();
    expect(refusal(state, transfer('lever', 'micro', 1n))).toBe('walletTransferNotAllowed');
    expect(refusal(state, transfer('change', 'change', 1n))).toBe('walletTransferNotAllowed');
    expect(refusal(state, transfer('change', 'lever', 0n))).toBe('walletAmountInvalid');
    expect(refusal(state, transfer('change', 'lever', 1000n * UNIT + 1n))).toBe('walletInsufficient');
    const moved = run(state, transfer('change', 'lever', 1000n * UNIT));
    expect(userBalance(moved, 1, 'change', 1).available).toBe(0n);
    expect(userBalance(moved, 1, 'lever', 1).available).toBe(1000n * UNIT);
    expect(moved.wallet.logs.get(1)!.map((l) => [l.account, l.kind, l.detail, l.value])).toEqual([
      ['change', 'transferOut', 'lever', -1000n * UNIT],
      ['lever', 'transferIn', 'change', 1000n * UNIT],
    ]);
    const back = run(moved, transfer('lever', 'change', 400n * UNIT));
    expect(userBalance(back, 1, 'lever', 1).available).toBe(600n * UNIT);
  });

  it('convert through the conversion book at the quoted proceeds', () => {
    const convert = (units: bigint, proceeds: bigint): WalletCommand => ({
      kind: 'convert',
      at: T0,
      userId: 1,
      currencyId: 1,
      units,
      toCurrencyId: 2,
      proceeds,
      priceTicks: 100,
      priceDecimals: 2,
    });
    const state = funded();
    expect(refusal(state, convert(0n, 5n))).toBe('walletAmountInvalid');
    expect(refusal(state, convert(5n, 0n))).toBe('walletAmountInvalid');
    expect(refusal(state, convert(1000n * UNIT + 1n, 5n))).toBe('walletInsufficient');
    const converted = run(state, convert(100n * UNIT, 3n * UNIT));
    expect(userBalance(converted, 1, 'change', 1).available).toBe(900n * UNIT);
    expect(userBalance(converted, 1, 'change', 2).available).toBe(3n * UNIT);
    expect(bookBalance(converted, 'conversion', 1)).toBe(100n * UNIT);
    expect(bookBalance(converted, 'conversion', 2)).toBe(-3n * UNIT);
    expect(converted.wallet.logs.get(1)!.map((l) => [l.kind, l.currencyId, l.value])).toEqual([
      ['convertOut', 1, -100n * UNIT],
      ['convertIn', 2, 3n * UNIT],
    ]);
  });
});

describe('the exchange aggregate around the wallet', () => {
  it('credits a demo grant from the grants book; the wallet owns its events only', () => {
    const granted = aggregate.evolve(aggregate.initial(), {
      type: 'FundsCredited',
      at: T0,
      grant: 1,
      userId: 3,
      currencyId: 2,
      units: 7n * UNIT,
    });
    expect(userBalance(granted, 3, 'change', 2).available).toBe(7n * UNIT);
    expect(bookBalance(granted, 'grants', 2)).toBe(-7n * UNIT);
    for (const type of [
      'DepositSeen',
      'DepositConfirmed',
      'WithdrawalRequested',
      'WithdrawalBroadcast',
      'WithdrawalConfirmed',
      'WithdrawalCancelled',
      'Transferred',
      'Converted',
    ])
      expect(walletPart.ownsEvent({ type }), type).toBe(true);
    for (const type of ['FundsCredited', 'OrderPlaced', 'OrderFilled', 'OrderEnded', 'LeverPlaced'])
      expect(walletPart.ownsEvent({ type }), type).toBe(false);
  });

  it("refuses a part's decision that would overdraw or unbalance, in that part's own words", () => {
    const overdrawing = {
      ...walletPart,
      name: 'probe',
      overdrawn: 'probeOverdrawn',
      ownsCommand: (command: { kind: string }) => command.kind === 'probe',
      decide: () => ({ ok: true as const, events: [{ type: 'Transferred', at: T0 }] }),
    };
    const posting = (available: bigint, currencyId = 1) => ({
      kind: 'user' as const,
      userId: 1,
      account: 'change' as WalletAccount,
      currencyId,
      available,
      locked: 0n,
    });
    const cases: [string, ReturnType<typeof posting>[]][] = [
      ['overdraws', [posting(-1n), { ...posting(1n), account: 'lever' as const }]],
      ['unbalanced', [posting(5n)]],
      ['balanced and covered', [posting(0n)]],
    ];
    for (const [name, postings] of cases) {
      const exchange = exchangeAggregate(spotAggregate(pairById), [
        { ...overdrawing, postingsOf: () => postings, evolve: (state: ExchangeState) => state },
      ]);
      const decision = exchange.decide(exchange.initial(), { kind: 'probe' } as unknown as ExchangeCommand);
      expect(decision.ok ? null : decision.error, name).toBe(
        name === 'balanced and covered' ? null : 'probeOverdrawn',
      );
    }
    // A part's own refusal goes through as it is.
    const refusing = exchangeAggregate(spotAggregate(pairById), [
      { ...overdrawing, decide: () => ({ ok: false as const, error: 'probeNo' }) },
    ]);
    expect(refusing.decide(refusing.initial(), { kind: 'probe' } as unknown as ExchangeCommand)).toEqual({
      ok: false,
      error: 'probeNo',
    });
  });
});

describe('wallet details at their bounds', () => {
  it('a deposit exactly at the minimum is credited; a deposit at six confirmations moves no more', () => {
    const atMinimum = run(funded(0n), deposit(10n * UNIT, 10n * UNIT));
    expect(atMinimum.wallet.deposits.get(1)!.belowMinimum).toBe(false);
    const six = run(atMinimum, advance(T0 + 60_000));
    expect(six.wallet.deposits.get(1)!.confirmations).toBe(6);
    expect(aggregate.decide(six, advance(T0 + 10 * 60_000))).toEqual({ ok: true, events: [] });
  });

  it('immature credit counts only that user and currency; withdrawable is never negative', () => {
    const other: WalletCommand = { ...deposit(40n * UNIT), userId: 2 } as WalletCommand;
    const otherCoin: WalletCommand = { ...deposit(30n * UNIT), currencyId: 2 } as WalletCommand;
    const state = run(run(run(run(funded(0n), deposit(50n * UNIT)), other), otherCoin), advance(T0 + 10_000));
    expect(immatureCredit(state, 1, 1)).toBe(50n * UNIT);
    expect(immatureCredit(state, 2, 1)).toBe(40n * UNIT);
    expect(immatureCredit(state, 1, 2)).toBe(30n * UNIT);
    // Part of the credit moved to the lever account: less available than immature, withdrawable 0.
    const moved = run(state, {
      kind: 'transfer',
      at: T0 + 10_001,
      userId: 1,
      currencyId: 1,
      from: 'change',
      to: 'lever',
      units: 20n * UNIT,
    });
    expect(withdrawable(moved, 1, 1)).toBe(0n);
  });

  it('a conversion of exactly the available balance goes; a confirmation writes no record of its own', () => {
    const convert: WalletCommand = {
      kind: 'convert',
      at: T0,
      userId: 1,
      currencyId: 1,
      units: 1000n * UNIT,
      toCurrencyId: 2,
      proceeds: 1n,
      priceTicks: 1,
      priceDecimals: 2,
    };
    expect(refusal(funded(), convert)).toBeNull();
    const confirmed = run(
      run(run(funded(), withdraw(10n * UNIT, 1n)), advance(T0 + REVIEW)),
      advance(T0 + REVIEW + BROADCAST),
    );
    expect(confirmed.wallet.logs.get(1)!.map((l) => l.kind)).toEqual(['withdraw']);
    expect(confirmed.wallet.nextLogId).toBe(2);
  });

  it('events about unknown deposits or withdrawals change nothing', () => {
    const state = funded();
    const unknownDeposit = aggregate.evolve(state, {
      type: 'DepositConfirmed',
      at: T0,
      depositId: 9,
      confirmations: 1,
      credit: 0n,
    });
    expect(unknownDeposit.wallet.deposits).toEqual(state.wallet.deposits);
    const unknownWithdrawal = aggregate.evolve(state, {
      type: 'WithdrawalBroadcast',
      at: T0,
      withdrawalId: 9,
      txHash: 'x',
    });
    expect(unknownWithdrawal.wallet.withdrawals).toEqual(state.wallet.withdrawals);
    expect(postingsOf(state, { type: 'WithdrawalBroadcast', at: T0, withdrawalId: 9, txHash: 'x' })).toEqual(
      [],
    );
    const seen = run(funded(0n), deposit(5n * UNIT, 10n * UNIT));
    expect(
      postingsOf(seen, { type: 'DepositConfirmed', at: T0, depositId: 1, confirmations: 1, credit: 0n }),
    ).toEqual([]);
  });

  it('a transaction hash is 64 hex digits, the same for the same input and different for any other', () => {
    const hash = txHashOf('w', 1, 'TAddress');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(txHashOf('w', 1, 'TAddress')).toBe(hash);
    const others = [
      txHashOf('d', 1, 'TAddress'),
      txHashOf('w', 2, 'TAddress'),
      txHashOf('w', 1, 'TAddresz'),
      txHashOf('w', 1, ''),
    ];
    for (const other of others) expect(other).not.toBe(hash);
    expect(new Set(others).size).toBe(others.length);
    // Every 16-digit block differs: each round mixes the whole text again.
    const blocks = hash.match(/.{16}/g)!;
    expect(new Set(blocks).size).toBe(4);
  });
});

describe('transfers out of the lever account', () => {
  it('leave behind what the open positions need: at most leverTransferable of the free balance and PnL', () => {
    const exchange = exchangeAggregate(spotAggregate(pairById), [walletPart, leverPart], () => ({
      lever: initialLeverState(),
    }));
    const apply = (state: ExchangeState, command: ExchangeCommand) => {
      const decision = exchange.decide(state, command);
      if (!decision.ok) throw new Error(decision.error);
      return decision.events.reduce((next, event) => exchange.evolve(next, event), state);
    };
    let state = applyPostings(exchange.initial(), [
      { kind: 'user', userId: 1, account: 'lever', currencyId: 1, available: 10_000n * UNIT, locked: 0n },
      { kind: 'book', book: 'grants', currencyId: 1, amount: -10_000n * UNIT },
    ]);
    const last = { id: 100, time: T0, price: 6_500_000 };
    state = apply(state, {
      kind: 'leverPlace',
      at: T0,
      userId: 1,
      pairId: 1,
      side: 'long',
      lots: 5n,
      multiple: 10,
      limit: 0n,
      last,
    });
    // The price falls: the position loses, and its loss stays behind.
    state = apply(state, {
      kind: 'leverAdvance',
      at: T0 + 1000,
      day: leverOf(state).day,
      trades: [{ pairId: 1, trades: [{ id: 101, time: T0 + 500, price: 6_400_000 }] }],
    });
    const figures = accountFigures(state, 1, 1);
    expect(figures.pnl).toBeLessThan(0n);
    const room = leverTransferable(figures.free, figures.pnl);
    expect(room).toBeGreaterThan(0n);
    expect(room).toBeLessThan(figures.free);
    const out = (units: bigint): ExchangeCommand => ({
      kind: 'transfer',
      at: T0 + 2000,
      userId: 1,
      currencyId: 1,
      from: 'lever',
      to: 'change',
      units,
    });
    const refusedWith = (units: bigint) => {
      const decision = exchange.decide(state, out(units));
      return decision.ok ? null : decision.error;
    };
    expect(refusedWith(room + 1n)).toBe('walletLeverMargin');
    expect(refusedWith(room)).toBeNull();
  });
});
