import { describe, expect, it } from 'vitest';
import type { PairGrid } from '../../../src/domain/spot/settlement.ts';
import { convertProceeds, depositStage, withdrawFee } from '../../../src/domain/wallet/amounts.ts';
import { isTransferAllowed, WALLET_ACCOUNTS } from '../../../src/domain/wallet/accounts.ts';
import { bookBalance, userBalance } from '../../../src/sim/ledger/postings.ts';
import { spotAggregate } from '../../../src/sim/features/spot/aggregate.ts';
import { exchangeAggregate, type ExchangeCommand } from '../../../src/sim/exchange/exchange.ts';
import { withdrawable } from '../../../src/sim/features/wallet/part.ts';
import type { ExchangeState } from '../../../src/sim/exchange/state.ts';

const GRID: PairGrid = { priceDecimals: 2, lotDecimals: 5 };
const aggregate = exchangeAggregate(spotAggregate(() => GRID));
const T0 = 1_700_000_000_000;
const COIN = 10n ** 8n;

/** Runs commands in order; answers the state and each command's refusal (or null). */
function run(commands: ExchangeCommand[], from: ExchangeState = aggregate.initial()) {
  let state = from;
  const refusals: Array<string | null> = [];
  for (const command of commands) {
    const decision = aggregate.decide(state, command);
    refusals.push(decision.ok ? null : decision.error);
    if (decision.ok) for (const event of decision.events) state = aggregate.evolve(state, event);
  }
  return { state, refusals };
}

const deposit = (at: number, units: bigint, minimum = 0n): ExchangeCommand => ({
  kind: 'deposit',
  at,
  userId: 1,
  currencyId: 1,
  chain: 'TRC20',
  units,
  minimum,
  confirmEveryMs: 10_000,
  txHash: 'tx',
});
const advance = (at: number): ExchangeCommand => ({
  kind: 'advance',
  at,
  reviewMs: 60_000,
  broadcastMs: 30_000,
});
const withdraw = (at: number, units: bigint, fee = 0n, userId = 1): ExchangeCommand => ({
  kind: 'withdraw',
  at,
  userId,
  currencyId: 1,
  chain: 'TRC20',
  address: 'T1',
  memo: '',
  units,
  fee,
});

describe('wallet rules (spec §5, §9)', () => {
  it('a deposit is pending, credited at 1 confirmation, withdrawable at 6; below the minimum never', () => {
    const seen = run([deposit(T0, 50n * COIN), deposit(T0, COIN / 2n, COIN)]);
    expect(userBalance(seen.state, 1, 'change', 1).available).toBe(0n);
    const one = run([advance(T0 + 10_000)], seen.state);
    expect(userBalance(one.state, 1, 'change', 1).available).toBe(50n * COIN);
    // Credited: tradable and transferable, not withdrawable yet.
    expect(withdrawable(one.state, 1, 1)).toBe(0n);
    expect(run([withdraw(T0 + 10_000, 20n * COIN)], one.state).refusals).toEqual([
      'walletNotYetWithdrawable',
    ]);
    const six = run([advance(T0 + 60_000)], one.state);
    expect(withdrawable(six.state, 1, 1)).toBe(50n * COIN);
    expect([...six.state.wallet.deposits.values()].map((d) => d.confirmations)).toEqual([6, 6]);
    // The one below the minimum was recorded, confirmed, and never credited.
    expect(userBalance(six.state, 1, 'change', 1).available).toBe(50n * COIN);
    expect(bookBalance(six.state, 'deposits', 1)).toBe(-50n * COIN);
    expect(depositStage(6, true)).toBe('notCredited');
  });

  it('a withdrawal locks, goes review -> broadcast -> confirmed on the clock, the fee to the fees book', () => {
    const funded = run([deposit(T0, 100n * COIN), advance(T0 + 60_000)]).state;
    const { state: requested, refusals } = run([withdraw(T0 + 60_000, 40n * COIN, COIN / 5n)], funded);
    expect(refusals).toEqual([null]);
    expect(userBalance(requested, 1, 'change', 1)).toEqual({ available: 60n * COIN, locked: 40n * COIN });
    const review = run([advance(T0 + 60_000 + 59_999)], requested).state;
    expect([...review.wallet.withdrawals.values()][0]?.status).toBe('review');
    const broadcast = run([advance(T0 + 120_000)], review).state;
    expect([...broadcast.wallet.withdrawals.values()][0]?.status).toBe('broadcast');
    expect([...broadcast.wallet.withdrawals.values()][0]?.txHash).toMatch(/^[0-9a-f]{64}$/);
    const confirmed = run([advance(T0 + 150_000)], broadcast).state;
    expect([...confirmed.wallet.withdrawals.values()][0]?.status).toBe('confirmed');
    expect(userBalance(confirmed, 1, 'change', 1)).toEqual({ available: 60n * COIN, locked: 0n });
    expect(bookBalance(confirmed, 'fees', 1)).toBe(COIN / 5n);
    expect(bookBalance(confirmed, 'withdrawals', 1)).toBe(40n * COIN - COIN / 5n);
  });

  it('only the owner cancels, and only in review; the amount unlocks', () => {
    const funded = run([
      deposit(T0, 100n * COIN),
      advance(T0 + 60_000),
      withdraw(T0 + 60_000, 10n * COIN),
    ]).state;
    const cancel = (userId: number, at: number): ExchangeCommand => ({
      kind: 'cancelWithdrawal',
      at,
      userId,
      withdrawalId: 1,
    });
    expect(run([cancel(2, T0 + 61_000)], funded).refusals).toEqual(['walletWithdrawalNotFound']);
    const cancelled = run([cancel(1, T0 + 61_000)], funded);
    expect(cancelled.refusals).toEqual([null]);
    expect(userBalance(cancelled.state, 1, 'change', 1)).toEqual({ available: 100n * COIN, locked: 0n });
    const broadcast = run([advance(T0 + 130_000)], funded).state;
    expect(run([cancel(1, T0 + 130_000)], broadcast).refusals).toEqual(['walletWithdrawalNotCancellable']);
  });

  it('transfers go between the trade account and one other, never beyond the available balance', () => {
    for (const from of WALLET_ACCOUNTS)
      for (const to of WALLET_ACCOUNTS)
        expect(isTransferAllowed(from, to)).toBe(from !== to && (from === 'change' || to === 'change'));
    const funded = run([deposit(T0, 10n * COIN), advance(T0 + 10_000)]).state;
    const move = (
      from: 'change' | 'lever' | 'micro',
      to: 'change' | 'lever' | 'micro',
      units: bigint,
    ): ExchangeCommand => ({
      kind: 'transfer',
      at: T0 + 20_000,
      userId: 1,
      currencyId: 1,
      from,
      to,
      units,
    });
    const result = run(
      [
        move('change', 'lever', 4n * COIN),
        move('lever', 'micro', COIN),
        move('lever', 'change', 5n * COIN),
        move('lever', 'change', COIN),
      ],
      funded,
    );
    expect(result.refusals).toEqual([null, 'walletTransferNotAllowed', 'walletInsufficient', null]);
    expect(userBalance(result.state, 1, 'lever', 1).available).toBe(3n * COIN);
    expect(userBalance(result.state, 1, 'change', 1).available).toBe(7n * COIN);
  });

  it('fees round up and conversions round down, in the exchange’s favour, to 1e-8', () => {
    expect(withdrawFee(100n * COIN, '0.5')).toEqual({ fee: COIN / 2n, receive: 99n * COIN + COIN / 2n });
    // 0.5 % of 1e-8 units: the fee is one unit, never zero.
    expect(withdrawFee(1n, '0.5')).toEqual({ fee: 1n, receive: 0n });
    expect(withdrawFee(COIN, '0')).toEqual({ fee: 0n, receive: COIN });
    // 0.12345678 BTC at 65,432.10 USDT = 8078.036374638 exactly -> 8078.03637463 USDT.
    expect(convertProceeds(12_345_678n, 6_543_210n, 2)).toBe(807_803_637_463n);
  });
});
