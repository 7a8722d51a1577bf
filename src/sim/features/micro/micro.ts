import { commandRequest, type AnswerOnce } from '../../answer-once.ts';
import { isOn } from '../../../domain/contract-codes.ts';
import {
  MICRO_CURRENCIES,
  MICRO_FEE_BPS,
  microCurrencyTerms,
  microFee,
  secondsOption,
  type MicroDirection,
} from '../../../domain/micro/rules.ts';
import type { Clock } from '../../clock.ts';
import { userBalance, type Balance } from '../../ledger/postings.ts';
import { currencyByCode } from '../../market/currencies.ts';
import type { Market } from '../../market/market.ts';
import type { CommandLog } from '../accounts/command-log.ts';
import type { PrivateHub } from '../spot/spot.ts';
import { BALANCE_CHANNEL } from '../wallet/wallet.ts';
import type { MicroCommand, MicroEvent } from './events.ts';
import { microOf } from './part.ts';
import { contractsOfUser, type MicroContract } from './state.ts';
import type { TapeRecorder } from './tape-recorder.ts';
import { unitsText } from '../../../domain/money.ts';
import type { ExchangeCommand, ExchangeEvent } from '../../exchange/exchange.ts';
import type { ExchangeState } from '../../exchange/state.ts';

/** The private channel of settled contracts (spec §7): reaches the owner only. */
export const MICRO_CLOSED_CHANNEL = 'MICRO_CLOSED';

export type MicroOutcomeOf<T> =
  { ok: true; value: T } | { ok: false; key: string; vars?: Record<string, string | number> };

export interface MicroBuy {
  userId: number;
  pairId: number;
  currencyId: number;
  direction: MicroDirection;
  seconds: number;
  stake: bigint;
}

/** The contract a micro buy's reply names, in the state the buy led to. */
function contractOutcome(state: ExchangeState, reply: unknown): MicroOutcomeOf<MicroContract> {
  const contract = microOf(state).contracts.get(reply as number);
  return contract ? { ok: true, value: contract } : { ok: false, key: 'internal' };
}

/**
 * The micro service: buys contracts at the last trade of the public tape and settles them, on the
 * simulated clock, at the last trade at or before their expiry. Both trades are recorded in the
 * exchange's one log with the contract, so every settlement can be re-derived and checked against
 * the tape. Nothing here draws an outcome: it is the comparison of two recorded public prices.
 */
export class Micro {
  constructor(
    private readonly log: CommandLog<ExchangeState, ExchangeCommand, ExchangeEvent>,
    private readonly market: Market,
    private readonly tape: TapeRecorder,
    private readonly hub: PrivateHub,
    private readonly clock: Clock,
    /** The answer of a closed contract for its MICRO_CLOSED push. */
    private readonly pushAnswer: (contract: MicroContract, now: number) => unknown,
  ) {
    // A contract settles on the first trade past its expiry, not on the next tick of a timer.
    tape.onTrade((pairId, trade) => {
      if (this.dueOn(pairId, trade.time)) this.advanceSoon();
    });
  }

  private advancing: Promise<void> | null = null;
  private tradePending = false;

  /** Whether a running contract of the pair has expired by `time`. */
  private dueOn(pairId: number, time: number): boolean {
    const micro = microOf(this.state());
    for (const id of micro.running) {
      const contract = micro.contracts.get(id);
      if (contract && contract.pairId === pairId && contract.expiresAt <= time) return true;
    }
    return false;
  }

  /** A settlement pass now, or right after the one running (it may have read the tape before). */
  private advanceSoon(): void {
    if (this.advancing) this.tradePending = true;
    // A pass that fails (storage) leaves the contracts running: the clock's pass tries again.
    else this.advance().catch(() => undefined);
  }

  state(): ExchangeState {
    return this.log.state();
  }

  contracts(): ReadonlyMap<number, MicroContract> {
    return microOf(this.state()).contracts;
  }

  /** A user's contracts, running and closed, newest first. */
  contractsOf(userId: number): MicroContract[] {
    return contractsOfUser(microOf(this.state()), userId);
  }

  balance(userId: number, currencyId: number): Balance {
    return userBalance(this.state(), userId, 'micro', currencyId);
  }

  /** The simulated time the market has reached (answers are stamped with it). */
  now(): number {
    return Math.max(this.market.time(), 0);
  }

  async buy(
    input: MicroBuy,
    request?: AnswerOnce<MicroOutcomeOf<MicroContract>, ExchangeState>,
  ): Promise<MicroOutcomeOf<MicroContract>> {
    const pair = this.market.pair(input.pairId);
    if (!pair || !isOn(pair.pair.openMicro) || pair.pair.quote.code !== 'USDT')
      return { ok: false, key: 'microPairClosed' };
    const option = secondsOption(input.seconds);
    if (!option) return { ok: false, key: 'microSecondsUnknown' };
    const currency = MICRO_CURRENCIES.find((terms) => currencyByCode(terms.code).id === input.currencyId);
    if (!currency) return { ok: false, key: 'microCurrencyUnknown' };
    await this.advance();
    const at = this.market.advanceToNow();
    const open = this.tape.last(pair.pair.id);
    if (!open) return { ok: false, key: 'microNoPrice' };
    const command: MicroCommand = {
      kind: 'microBuy',
      at,
      userId: input.userId,
      pairId: pair.pair.id,
      currencyId: input.currencyId,
      direction: input.direction,
      seconds: option.seconds,
      ratioBps: option.ratioBps,
      stake: input.stake,
      fee: microFee(input.stake, MICRO_FEE_BPS),
      min: currency.min,
      max: currency.max,
      open,
    };
    // Micro commands are commands of the exchange's log (its part decides them); see open-spot.ts.
    const result = await this.log.execute(command, commandRequest(request, contractOutcome));
    if (!result.ok) return { ok: false, key: result.error.startsWith('micro') ? result.error : 'internal' };
    this.pushBalance(input.userId, input.currencyId);
    return contractOutcome(this.state(), result.reply);
  }

  /**
   * Settles every running contract whose expiry the market has passed, each on the last trade of
   * its pair at or before its expiry. Called on a timer by the worker and before every micro answer.
   */
  advance(): Promise<void> {
    this.advancing ??= this.settle().finally(() => {
      this.advancing = null;
      if (this.tradePending) {
        this.tradePending = false;
        this.advanceSoon();
      }
    });
    return this.advancing;
  }

  private async settle(): Promise<void> {
    const micro = microOf(this.state());
    if (micro.running.size === 0) return;
    const now = this.market.advanceToNow();
    const closes: { contractId: number; close: NonNullable<ReturnType<TapeRecorder['last']>> }[] = [];
    for (const id of micro.running) {
      const contract = micro.contracts.get(id);
      if (!contract || contract.expiresAt > now) continue;
      const pair = this.market.pair(contract.pairId);
      // A pair holding an action (a user's fill being settled) has not published up to expiry yet.
      if (
        !pair ||
        pair.time() < contract.expiresAt ||
        (pair.time() === contract.expiresAt && pair.isActing())
      )
        continue;
      const found = this.tape.lastAtOrBefore(contract.pairId, contract.expiresAt);
      // No trade of the tape is known between open and expiry (the exchange was closed across it):
      // the price did not move as far as the public record shows, so it closes on its open trade.
      const close = found && found.id >= contract.open.id ? found : contract.open;
      closes.push({ contractId: id, close });
    }
    if (closes.length === 0) return;
    const command: MicroCommand = { kind: 'microSettle', at: now, closes };
    const result = await this.log.execute(command);
    if (!result.ok) return;
    const settled = (result.events as readonly { type: string }[]).filter(
      (event): event is Extract<MicroEvent, { type: 'MicroSettled' }> => event.type === 'MicroSettled',
    );
    const contracts = this.contracts();
    for (const event of settled) {
      const contract = contracts.get(event.contractId);
      if (!contract) continue;
      this.hub.publishTo(contract.userId, MICRO_CLOSED_CHANNEL, {
        type: MICRO_CLOSED_CHANNEL,
        order: this.pushAnswer(contract, now),
      });
      this.pushBalance(contract.userId, contract.currencyId);
    }
  }

  /** The currencies a contract may be paid in. */
  payable() {
    return MICRO_CURRENCIES.map((terms) => ({ terms, currency: currencyByCode(terms.code) }));
  }

  termsOf(currencyId: number) {
    const currency = MICRO_CURRENCIES.find((terms) => currencyByCode(terms.code).id === currencyId);
    return currency ? microCurrencyTerms(currency.code) : undefined;
  }

  private pushBalance(userId: number, currencyId: number): void {
    const balance = this.balance(userId, currencyId);
    this.hub.publishTo(userId, BALANCE_CHANNEL, {
      type: BALANCE_CHANNEL,
      account: 'micro',
      currency_id: currencyId,
      balance: unitsText(balance.available),
      lock_balance: unitsText(balance.locked),
    });
  }
}
