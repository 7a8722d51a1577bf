import type { Clock } from '../../clock.ts';
import { accountKey, userBalance } from '../../ledger/postings.ts';
import { commandRequest, type AnswerOnce } from '../../answer-once.ts';
import type { CommandLog } from '../accounts/command-log.ts';
import type { PrivateHub } from '../spot/spot.ts';
import { BALANCE_CHANNEL } from '../wallet/wallet.ts';
import type { EarningsCommand } from './events.ts';
import { unitsText } from '../../../domain/money.ts';
import type { ExchangeCommand, ExchangeEvent } from '../../exchange/exchange.ts';
import type { ExchangeState } from '../../exchange/state.ts';
import { EARNINGS_REFUSALS, earningsDue, earningsOf } from './part.ts';

export type EarningsOutcome = { ok: true; holdingId: number } | { ok: false; key: string };

/** An earnings route's answer for a request with an id, stored with its command (answer-once.ts). */
export type EarningsRequest = AnswerOnce<EarningsOutcome, ExchangeState>;

/** An earnings command's reply: the holding it bought or redeemed. */
function holdingOutcome(_state: ExchangeState, reply: unknown): EarningsOutcome {
  return { ok: true, holdingId: typeof reply === 'number' ? reply : 0 };
}

/**
 * The earnings service: buying, redeeming and the clock's dividends and maturities as commands of
 * the exchange's one log (so they serialise with orders and transfers), and a BALANCE push to the
 * owner after every movement of the financial account.
 */
export class Earnings {
  constructor(
    private readonly log: CommandLog<ExchangeState, ExchangeCommand, ExchangeEvent>,
    private readonly hub: PrivateHub,
    private readonly clock: Clock,
  ) {}

  state(): ExchangeState {
    return this.log.state();
  }

  now(): number {
    return this.clock.now();
  }

  /**
   * Records what the simulated clock brought: every day that ended pays its dividend once, every
   * term that ended returns its principal. Called on a timer by the worker and before every read.
   */
  async advance(): Promise<void> {
    const at = this.clock.now();
    if (!earningsDue(this.state(), at)) return;
    const result = await this.log.execute({ kind: 'earningsAdvance', at });
    if (result.ok) this.push(result.events);
  }

  async buy(
    userId: number,
    productId: number,
    units: bigint,
    request?: EarningsRequest,
  ): Promise<EarningsOutcome> {
    await this.advance();
    return this.run({ kind: 'earningsBuy', at: this.clock.now(), userId, productId, units }, request);
  }

  async redeem(userId: number, holdingId: number, request?: EarningsRequest): Promise<EarningsOutcome> {
    await this.advance();
    return this.run({ kind: 'earningsRedeem', at: this.clock.now(), userId, holdingId }, request);
  }

  private async run(command: EarningsCommand, request?: EarningsRequest): Promise<EarningsOutcome> {
    const result = await this.log.execute(command, commandRequest(request, holdingOutcome));
    if (!result.ok)
      return { ok: false, key: EARNINGS_REFUSALS.includes(result.error) ? result.error : 'internal' };
    this.push(result.events);
    return holdingOutcome(this.state(), result.reply);
  }

  /** One BALANCE frame per (user, currency) of the financial account the events moved. */
  private push(events: readonly ExchangeEvent[]): void {
    const state = this.state();
    const holdings = earningsOf(state).holdings;
    const moved = new Map<string, { userId: number; currencyId: number }>();
    for (const event of events) {
      const holding =
        event.type === 'EarningsBought'
          ? event.holding
          : 'holdingId' in event
            ? holdings.get(event.holdingId)
            : undefined;
      if (holding)
        moved.set(accountKey(holding.userId, 'financial', holding.currencyId), {
          userId: holding.userId,
          currencyId: holding.currencyId,
        });
    }
    for (const { userId, currencyId } of moved.values()) {
      const balance = userBalance(state, userId, 'financial', currencyId);
      this.hub.publishTo(userId, BALANCE_CHANNEL, {
        type: BALANCE_CHANNEL,
        account: 'financial',
        currency_id: currencyId,
        balance: unitsText(balance.available),
        lock_balance: unitsText(balance.locked),
      });
    }
  }
}
