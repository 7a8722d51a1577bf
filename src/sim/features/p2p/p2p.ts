import { commandRequest, type AnswerOnce } from '../../answer-once.ts';
import { FLAG_ON } from '../../../domain/contract-codes.ts';
import { buyingBarredUntil } from '../../../domain/p2p/cancellations.ts';
import type { P2pCoin, P2pFiat } from '../../../domain/p2p/amounts.ts';
import type { P2pAction } from '../../../domain/p2p/order-state.ts';
import type { Clock } from '../../clock.ts';
import { currencyByCode } from '../../market/currencies.ts';
import type { Market } from '../../market/market.ts';
import { userBalance } from '../../ledger/postings.ts';
import type { Accounts } from '../accounts/accounts.ts';
import type { CommandLog } from '../accounts/command-log.ts';
import { payMethodType, PAY_METHOD_TYPES } from '../accounts/pay-method-types.ts';
import { DEMO_ACCOUNT } from '../accounts/policy.ts';
import { addressKey } from '../accounts/state.ts';
import type { PrivateHub } from '../spot/spot.ts';
import { BALANCE_CHANNEL } from '../wallet/wallet.ts';
import type { P2pCommand } from './events.ts';
import { p2pDue, p2pOf, P2P_REFUSALS } from './part.ts';
import { buildSeed, FIAT_PER_USD } from './seed.ts';
import { floatingPriceCents, type PriceReference } from '../../../domain/p2p/floating-price.ts';
import { ORDER_STATUS_CODE, sideCode } from './answers.ts';
import { isFloating, type AdSide, type AdStatus, type AdTermsRecord, type P2pAd } from './state.ts';
import { unitsText } from '../../../domain/money.ts';
import { centsText, P2P_COIN_CODES, P2P_FIATS } from '../../../domain/p2p/amounts.ts';
import { p2pPriceBandBounds, p2pPriceBandVerdict, referenceText } from '../../../domain/p2p/price-band.ts';
import type { ExchangeCommand, ExchangeEvent } from '../../exchange/exchange.ts';
import type { ExchangeState } from '../../exchange/state.ts';

export type P2pOutcome =
  { ok: true; id: number } | { ok: false; key: string; vars?: Record<string, string | number> };

/** A P2P route's answer for a request with an id, stored with its command (answer-once.ts). */
export type P2pRequest = AnswerOnce<P2pOutcome, ExchangeState>;

/** A P2P command's reply: the ad or order it made or moved. */
function idOutcome(_state: ExchangeState, reply: unknown): P2pOutcome {
  return { ok: true, id: typeof reply === 'number' ? reply : 0 };
}

export const OTC_ORDER_CHANNEL = 'OTC_ORDER';

/**
 * The P2P service: ads and orders as commands of the exchange's one log (so escrow commits with
 * every other balance movement), the clock's pass (payment and confirmation limits, the simulated
 * merchants, the arbiter), and pushes to an order's two parties only: OTC_ORDER, and BALANCE for
 * their legal accounts.
 */
export class P2p {
  constructor(
    private readonly log: CommandLog<ExchangeState, ExchangeCommand, ExchangeEvent>,
    private readonly market: Market,
    private readonly accounts: Accounts,
    private readonly hub: PrivateHub,
    private readonly clock: Clock,
  ) {}

  state(): ExchangeState {
    return this.log.state();
  }

  now(): number {
    return this.clock.now();
  }

  /** Seeds the market once (merchants, ads, funds; the demo account's bank details and ads). */
  async seed(): Promise<void> {
    if (p2pOf(this.state()).seeded) return;
    const demoId = this.accounts.state().addresses.get(addressKey('email', DEMO_ACCOUNT.email)) ?? null;
    const at = this.clock.now();
    if (demoId !== null) {
      const demo = this.accounts.state().users.get(demoId);
      const bank = PAY_METHOD_TYPES.find((type) => type.code === 'bank');
      if (demo && bank && !demo.payMethods[bank.id])
        await this.accounts.execute({
          kind: 'savePayMethod',
          at,
          userId: demoId,
          methodType: bank.id,
          raw: {
            real_name: 'Demo Merchant',
            bank_name: 'Tessera Demo Bank',
            bank_address: 'Main branch',
            card_no: '6222020200112233',
          },
        });
    }
    const usd = (coin: P2pCoin): bigint => {
      if (coin === 'USDT') return 100n;
      const pair = this.market.pairs.find((p) => p.pair.base.code === coin && p.pair.quote.code === 'USDT');
      if (!pair) return 100n;
      return (BigInt(pair.lastPrice()) * 100n) / 10n ** BigInt(pair.pair.priceDecimals);
    };
    const ids = {
      USDT: currencyByCode('USDT').id,
      BTC: currencyByCode('BTC').id,
      ETH: currencyByCode('ETH').id,
    };
    const seed = buildSeed(at, { USDT: usd('USDT'), BTC: usd('BTC'), ETH: usd('ETH') }, ids, demoId);
    const result = await this.log.execute({ kind: 'p2pSeed', at, ...seed });
    if (!result.ok && result.error !== 'p2pAlreadySeeded')
      console.error('sim p2p: seed failed', result.error);
  }

  /**
   * The market reference of a coin in a fiat, the rule floating ads follow: the coin's last USDT trade
   * price (USDT itself counts as one US dollar) times the fixed fiat-per-dollar table the seeded ads
   * are priced from (CNY 6.8, USD 1, EUR 0.92).
   */
  reference(coin: P2pCoin, fiat: P2pFiat): PriceReference {
    const rate = FIAT_PER_USD[fiat];
    if (coin === 'USDT') return { num: rate.num, den: rate.den };
    const pair = this.market.pairs.find((p) => p.pair.base.code === coin && p.pair.quote.code === 'USDT');
    if (!pair) return { num: 0n, den: 1n };
    return {
      num: BigInt(pair.lastPrice()) * rate.num,
      den: 10n ** BigInt(pair.pair.priceDecimals) * rate.den,
    };
  }

  /** Every coin's reference in every fiat, as the contract's exact decimal text ("6.80"). */
  referenceTexts(): Record<string, Record<string, string>> {
    return Object.fromEntries(
      P2P_COIN_CODES.map((coin) => [
        coin,
        Object.fromEntries(P2P_FIATS.map((fiat) => [fiat, referenceText(this.reference(coin, fiat))])),
      ]),
    );
  }

  /** A price of terms now: a fixed one's own, a floating one's from the market at this moment. */
  priceNow(terms: AdTermsRecord, coin: P2pCoin, fiat: P2pFiat, side: AdSide): bigint {
    return isFloating(terms)
      ? floatingPriceCents(this.reference(coin, fiat), terms.marginBps, side)
      : terms.priceCents;
  }

  /**
   * A fixed price outside the band around the market reference (domain/p2p/price-band.ts), as the
   * refusal that names the band; null for a price inside it and for a floating ad (its margin keeps it
   * inside).
   */
  private bandRefusal(terms: AdTermsRecord, coin: P2pCoin, fiat: P2pFiat): P2pOutcome | null {
    if (isFloating(terms)) return null;
    const reference = this.reference(coin, fiat);
    if (p2pPriceBandVerdict(terms.priceCents, reference) === 'inside') return null;
    const { low, high } = p2pPriceBandBounds(reference);
    return { ok: false, key: 'p2pPriceBand', vars: { low: centsText(low), high: centsText(high), fiat } };
  }

  /** An ad as answers show it: a floating ad at its price now. */
  priced(ad: P2pAd): P2pAd {
    return isFloating(ad) ? { ...ad, priceCents: this.priceNow(ad, ad.coin, ad.fiat, ad.side) } : ad;
  }

  /** The codes of a user's saved collection methods (alipay, wxpay, bank). */
  savedMethods(userId: number): string[] {
    const user = this.accounts.state().users.get(userId);
    if (!user) return [];
    return Object.keys(user.payMethods)
      .map((key) => payMethodType(Number(key))?.code)
      .filter((code): code is NonNullable<typeof code> => code !== undefined);
  }

  /** Records what the clock, the simulated merchants and the arbiter did. Runs every second and before each call. */
  async advance(): Promise<void> {
    const at = this.clock.now();
    if (!p2pDue(this.state(), at)) return;
    const result = await this.log.execute({ kind: 'p2pAdvance', at });
    if (result.ok) this.push(result.events);
  }

  async publish(
    userId: number,
    ad: {
      side: AdSide;
      coin: P2pCoin;
      fiat: 'CNY' | 'USD' | 'EUR';
      totalUnits: bigint;
      terms: AdTermsRecord;
    },
    request?: P2pRequest,
  ): Promise<P2pOutcome> {
    await this.advance();
    const outside = this.bandRefusal(ad.terms, ad.coin, ad.fiat);
    if (outside) return outside;
    const user = this.accounts.state().users.get(userId);
    return this.run(
      {
        kind: 'p2pPublish',
        at: this.clock.now(),
        userId,
        isSeller: user?.isSeller === FLAG_ON,
        savedMethods: this.savedMethods(userId),
        side: ad.side,
        coin: ad.coin,
        currencyId: currencyByCode(ad.coin).id,
        fiat: ad.fiat,
        totalUnits: ad.totalUnits,
        terms: { ...ad.terms, priceCents: this.priceNow(ad.terms, ad.coin, ad.fiat, ad.side) },
      },
      request,
    );
  }

  async edit(userId: number, adId: number, terms: AdTermsRecord, request?: P2pRequest): Promise<P2pOutcome> {
    await this.advance();
    const ad = p2pOf(this.state()).ads.get(adId);
    // Someone else's ad is refused as not found by the command, whatever its price.
    const outside = ad?.ownerId === userId ? this.bandRefusal(terms, ad.coin, ad.fiat) : null;
    if (outside) return outside;
    return this.run(
      {
        kind: 'p2pEdit',
        at: this.clock.now(),
        userId,
        adId,
        terms: ad ? { ...terms, priceCents: this.priceNow(terms, ad.coin, ad.fiat, ad.side) } : terms,
        savedMethods: this.savedMethods(userId),
      },
      request,
    );
  }

  async setStatus(userId: number, adId: number, status: AdStatus, request?: P2pRequest): Promise<P2pOutcome> {
    await this.advance();
    return this.run({ kind: 'p2pAdStatus', at: this.clock.now(), userId, adId, status }, request);
  }

  async open(
    userId: number,
    adId: number,
    by: 'amount' | 'quantity',
    value: bigint,
    request?: P2pRequest,
  ): Promise<P2pOutcome> {
    await this.advance();
    const at = this.clock.now();
    const id = p2pOf(this.state()).nextOrderId;
    const ad = p2pOf(this.state()).ads.get(adId);
    const outcome = await this.run(
      {
        kind: 'p2pOpen',
        at,
        userId,
        adId,
        by,
        value,
        savedMethods: this.savedMethods(userId),
        reference: String(100_000 + ((id * 7919 + at) % 900_000)),
        priceCents: ad ? this.priced(ad).priceCents : 0n,
      },
      request,
    );
    if (!outcome.ok && outcome.key === 'p2pCancelLimit') {
      const until = buyingBarredUntil(p2pOf(this.state()).buyerCancels.get(userId) ?? [], at) ?? at;
      return {
        ok: false,
        key: outcome.key,
        vars: { until: new Date(until).toISOString().slice(0, 16).replace('T', ' ') + ' UTC' },
      };
    }
    return outcome;
  }

  async act(
    userId: number,
    orderId: number,
    action: P2pAction,
    voucher = '',
    reason = '',
    request?: P2pRequest,
  ): Promise<P2pOutcome> {
    await this.advance();
    return this.run(
      { kind: 'p2pAct', at: this.clock.now(), userId, orderId, action, voucher, reason },
      request,
    );
  }

  private async run(command: P2pCommand, request?: P2pRequest): Promise<P2pOutcome> {
    const result = await this.log.execute(command, commandRequest(request, idOutcome));
    if (!result.ok)
      return {
        ok: false,
        key: (P2P_REFUSALS as readonly string[]).includes(result.error) ? result.error : 'internal',
      };
    this.push(result.events);
    return idOutcome(this.state(), result.reply);
  }

  /** OTC_ORDER to the order's two parties (real users only), BALANCE for the legal accounts moved. */
  private push(events: readonly ExchangeEvent[]): void {
    const state = this.state();
    const p2p = p2pOf(state);
    const balances = new Map<string, { userId: number; currencyId: number }>();
    for (const event of events) {
      const orderId =
        event.type === 'P2pOrderOpened'
          ? event.order.id
          : event.type === 'P2pOrderMoved'
            ? event.orderId
            : null;
      if (orderId === null) continue;
      const order = p2p.orders.get(orderId);
      if (!order) continue;
      for (const [userId, side] of [
        [order.buyerId, sideCode('buyer')],
        [order.sellerId, sideCode('seller')],
      ] as const) {
        if (p2p.merchants.has(userId)) continue;
        this.hub.publishTo(userId, OTC_ORDER_CHANNEL, {
          type: OTC_ORDER_CHANNEL,
          id: order.id,
          status: ORDER_STATUS_CODE[order.state],
          side,
        });
        balances.set(`${userId}:${order.currencyId}`, { userId, currencyId: order.currencyId });
      }
    }
    for (const { userId, currencyId } of balances.values()) {
      const balance = userBalance(state, userId, 'legal', currencyId);
      this.hub.publishTo(userId, BALANCE_CHANNEL, {
        type: BALANCE_CHANNEL,
        account: 'legal',
        currency_id: currencyId,
        balance: unitsText(balance.available),
        lock_balance: unitsText(balance.locked),
      });
    }
  }
}
