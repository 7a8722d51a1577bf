import type { WalletAccount } from '../../../domain/wallet/accounts.ts';
import { convertProceeds } from '../../../domain/wallet/amounts.ts';
import type { Clock } from '../../clock.ts';
import { accountKey, userBalance, type Balance } from '../../ledger/postings.ts';
import { currencyByCode } from '../../market/currencies.ts';
import type { Market } from '../../market/market.ts';
import { commandRequest, type AnswerOnce } from '../../answer-once.ts';
import type { CommandLog } from '../accounts/command-log.ts';
import type { PrivateHub } from '../spot/spot.ts';
import {
  QUOTE_TTL_REAL_MS,
  WITHDRAWAL_BROADCAST_MS,
  WITHDRAWAL_REVIEW_MS,
  type ChainTerms,
} from './terms.ts';
import { unitsText } from '../../../domain/money.ts';
import type { ExchangeCommand, ExchangeEvent } from '../../exchange/exchange.ts';
import { txHashOf, withdrawable } from './part.ts';
import type { ExchangeState } from '../../exchange/state.ts';

export type WalletOutcome<T> =
  { ok: true; value: T } | { ok: false; key: string; vars?: Record<string, string | number> };

/** A wallet route's answer for a request with an id, stored with its command (answer-once.ts). */
export type WalletRequest<T> = AnswerOnce<WalletOutcome<T>, ExchangeState>;

/** A wallet command's reply: the id of the deposit, withdrawal or log line it made. */
function replyOutcome(reply: unknown): WalletOutcome<number> {
  return { ok: true, value: typeof reply === 'number' ? reply : 0 };
}

/** A conversion price offered to one user for a while (kept in memory: a reload asks again). */
export interface ConvertQuote {
  id: string;
  userId: number;
  currencyId: number;
  units: bigint;
  toCurrencyId: number;
  priceTicks: number;
  priceDecimals: number;
  proceeds: bigint;
  expiresAt: number;
}

/** The private channel of balance pushes: one frame per account and currency that moved. */
export const BALANCE_CHANNEL = 'BALANCE';

/**
 * The wallet's service: deposits, withdrawals, transfers and conversions as commands of the
 * exchange's one log (shared with spot, so they serialise with orders), the clock's progress on
 * deposits and withdrawals, conversion quotes, and a BALANCE push to the owner after every movement.
 */
export class Wallet {
  private readonly quotes = new Map<string, ConvertQuote>();
  private nextQuote = 1;

  constructor(
    private readonly log: CommandLog<ExchangeState, ExchangeCommand, ExchangeEvent>,
    private readonly market: Market,
    private readonly hub: PrivateHub,
    private readonly clock: Clock & { readonly speed?: number },
  ) {}

  state(): ExchangeState {
    return this.log.state();
  }

  balance(userId: number, account: WalletAccount, currencyId: number): Balance {
    return userBalance(this.state(), userId, account, currencyId);
  }

  withdrawable(userId: number, currencyId: number): bigint {
    return withdrawable(this.state(), userId, currencyId);
  }

  /** Simulates an incoming transfer to the user's deposit address. */
  async deposit(
    userId: number,
    currencyId: number,
    chain: ChainTerms,
    units: bigint,
    minimum: bigint,
    request?: WalletRequest<number>,
  ): Promise<WalletOutcome<number>> {
    const at = this.clock.now();
    const txHash = txHashOf('d', this.state().wallet.nextDepositId, `${userId}:${chain.code}:${at}`);
    return this.run(
      {
        kind: 'deposit',
        at,
        userId,
        currencyId,
        chain: chain.code,
        units,
        minimum,
        confirmEveryMs: chain.confirmEveryMs,
        txHash,
      },
      request,
    );
  }

  /**
   * Records what the simulated clock brought: confirmations and withdrawals moving on. Called on a
   * timer by the worker, and before every wallet answer so what is read is current.
   */
  async advance(): Promise<void> {
    const at = this.clock.now();
    if (!this.anythingDue(at)) return;
    const result = await this.log.execute({
      kind: 'advance',
      at,
      reviewMs: WITHDRAWAL_REVIEW_MS,
      broadcastMs: WITHDRAWAL_BROADCAST_MS,
    });
    if (result.ok) this.pushBalances(result.events);
  }

  async withdraw(
    input: {
      userId: number;
      currencyId: number;
      chain: string;
      address: string;
      memo: string;
      units: bigint;
      fee: bigint;
    },
    request?: WalletRequest<number>,
  ): Promise<WalletOutcome<number>> {
    await this.advance();
    return this.run({ kind: 'withdraw', at: this.clock.now(), ...input }, request);
  }

  async cancelWithdrawal(
    userId: number,
    withdrawalId: number,
    request?: WalletRequest<number>,
  ): Promise<WalletOutcome<number>> {
    await this.advance();
    return this.run({ kind: 'cancelWithdrawal', at: this.clock.now(), userId, withdrawalId }, request);
  }

  async transfer(
    userId: number,
    currencyId: number,
    from: WalletAccount,
    to: WalletAccount,
    units: bigint,
    request?: WalletRequest<number>,
  ): Promise<WalletOutcome<number>> {
    await this.advance();
    return this.run({ kind: 'transfer', at: this.clock.now(), userId, currencyId, from, to, units }, request);
  }

  /** A price to convert `units` of a coin into USDT: the last trade of its USDT pair. */
  quote(userId: number, currencyId: number, units: bigint): WalletOutcome<ConvertQuote> {
    const currency = this.market.pairs.find(
      (pair) => pair.pair.base.id === currencyId && pair.pair.quote.code === 'USDT',
    );
    if (!currency) return { ok: false, key: 'walletConvertNotOffered' };
    const priceTicks = currency.lastPrice();
    const proceeds = convertProceeds(units, BigInt(priceTicks), currency.pair.priceDecimals);
    if (proceeds <= 0n) return { ok: false, key: 'walletAmountInvalid' };
    // The quote holds QUOTE_TTL_REAL_MS of the user's time, whatever speed the market runs at.
    const ttl = QUOTE_TTL_REAL_MS * (this.clock.speed ?? 1);
    const quote: ConvertQuote = {
      id: `q${this.nextQuote++}`,
      userId,
      currencyId,
      units,
      toCurrencyId: currencyByCode('USDT').id,
      priceTicks,
      priceDecimals: currency.pair.priceDecimals,
      proceeds,
      expiresAt: this.clock.now() + ttl,
    };
    this.forgetExpiredQuotes();
    this.quotes.set(quote.id, quote);
    return { ok: true, value: quote };
  }

  /** Converts at a quote this user holds, for exactly the amount quoted, before it expires. */
  async convert(
    userId: number,
    quoteId: string,
    currencyId: number,
    units: bigint,
    request?: WalletRequest<ConvertQuote>,
  ): Promise<WalletOutcome<ConvertQuote>> {
    const quote = this.quotes.get(quoteId);
    if (!quote || quote.userId !== userId || quote.currencyId !== currencyId || quote.units !== units)
      return { ok: false, key: 'walletQuoteUnknown' };
    if (this.clock.now() > quote.expiresAt) {
      this.quotes.delete(quoteId);
      return { ok: false, key: 'walletQuoteExpired' };
    }
    await this.advance();
    const done: WalletOutcome<ConvertQuote> = { ok: true, value: quote };
    const converted = request && {
      id: request.id,
      answer: (_: unknown, next: ExchangeState) => request.answer(done, next),
      ...(request.stored ? { stored: request.stored } : {}),
    };
    const outcome = await this.run(
      {
        kind: 'convert',
        at: this.clock.now(),
        userId,
        currencyId,
        units,
        toCurrencyId: quote.toCurrencyId,
        proceeds: quote.proceeds,
        priceTicks: quote.priceTicks,
        priceDecimals: quote.priceDecimals,
      },
      converted,
    );
    if (!outcome.ok) return outcome;
    this.quotes.delete(quoteId);
    return done;
  }

  /** Pushes the balances an outside change moved (spot fills and orders), for BALANCE subscribers. */
  pushAfterSpot(events: readonly ExchangeEvent[]): void {
    this.pushBalances(events);
  }

  private anythingDue(at: number): boolean {
    const { wallet } = this.state();
    for (const deposit of wallet.deposits.values()) {
      if (
        deposit.confirmations < 6 &&
        at - deposit.seenAt >= (deposit.confirmations + 1) * deposit.confirmEveryMs
      )
        return true;
    }
    for (const w of wallet.withdrawals.values()) {
      if (w.status === 'review' && at >= w.createdAt + WITHDRAWAL_REVIEW_MS) return true;
      if (w.status === 'broadcast' && at >= w.updatedAt + WITHDRAWAL_BROADCAST_MS) return true;
    }
    return false;
  }

  private forgetExpiredQuotes(): void {
    const now = this.clock.now();
    for (const [id, quote] of this.quotes) if (quote.expiresAt < now) this.quotes.delete(id);
  }

  private async run(
    command: ExchangeCommand,
    request?: AnswerOnce<WalletOutcome<number>, ExchangeState>,
  ): Promise<WalletOutcome<number>> {
    const result = await this.log.execute(
      command,
      commandRequest(request, (_next, reply) => replyOutcome(reply)),
    );
    if (!result.ok) return { ok: false, key: result.error.startsWith('wallet') ? result.error : 'internal' };
    this.pushBalances(result.events);
    return replyOutcome(result.reply);
  }

  /** One BALANCE frame per (user, account, currency) the events moved. */
  private pushBalances(events: readonly ExchangeEvent[]): void {
    const moved = new Map<string, { userId: number; account: WalletAccount; currencyId: number }>();
    const state = this.state();
    const touch = (userId: number, account: WalletAccount, currencyId: number) =>
      moved.set(accountKey(userId, account, currencyId), { userId, account, currencyId });
    for (const event of events) {
      switch (event.type) {
        case 'DepositConfirmed': {
          const deposit = state.wallet.deposits.get(event.depositId);
          if (deposit && event.credit > 0n) touch(deposit.userId, 'change', deposit.currencyId);
          break;
        }
        case 'WithdrawalRequested':
          touch(event.withdrawal.userId, 'change', event.withdrawal.currencyId);
          break;
        case 'WithdrawalConfirmed':
        case 'WithdrawalCancelled': {
          const w = state.wallet.withdrawals.get(event.withdrawalId);
          if (w) touch(w.userId, 'change', w.currencyId);
          break;
        }
        case 'Transferred':
          touch(event.userId, event.from, event.currencyId);
          touch(event.userId, event.to, event.currencyId);
          break;
        case 'Converted':
          touch(event.userId, 'change', event.currencyId);
          touch(event.userId, 'change', event.toCurrencyId);
          break;
        case 'FundsCredited':
          touch(event.userId, 'change', event.currencyId);
          break;
        case 'OrderPlaced': {
          const order = event.order;
          touch(order.userId, 'change', order.side === 'buy' ? order.quoteCurrencyId : order.baseCurrencyId);
          break;
        }
        case 'OrderFilled':
        case 'OrderEnded': {
          const order = state.orders.get(event.orderId);
          if (order) {
            touch(order.userId, 'change', order.baseCurrencyId);
            touch(order.userId, 'change', order.quoteCurrencyId);
          }
          break;
        }
        default:
          break;
      }
    }
    for (const { userId, account, currencyId } of moved.values()) {
      if (this.hub.reaches?.(userId, BALANCE_CHANNEL) === false) continue;
      const balance = userBalance(state, userId, account, currencyId);
      this.hub.publishTo(userId, BALANCE_CHANNEL, {
        type: BALANCE_CHANNEL,
        account,
        currency_id: currencyId,
        balance: unitsText(balance.available),
        lock_balance: unitsText(balance.locked),
      });
    }
  }
}
