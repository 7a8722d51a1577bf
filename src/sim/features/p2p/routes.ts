import { errorEnvelope, okEnvelope, type Envelope } from '../../../api/envelope.ts';
import {
  OTC_AD_SELL,
  OTC_LIST_COMPLETED,
  OTC_LIST_OPEN,
  OTC_SIDE_BUYER,
  OTC_SIDE_SELLER,
} from '../../../domain/contract-codes.ts';
import { centsOf, isP2pCoin, isP2pFiat, P2P_COINS } from '../../../domain/p2p/amounts.ts';
import { effectiveMaxCents } from '../../../domain/p2p/limits.ts';
import { isMarginBps, marginBpsOf } from '../../../domain/p2p/floating-price.ts';
import { isOpenOrder, type P2pAction } from '../../../domain/p2p/order-state.ts';
import { unitsOf } from '../../../domain/wallet/amounts.ts';
import type { CallContext, Routes } from '../../routes.ts';
import type { Accounts } from '../accounts/accounts.ts';
import { on, onUser } from '../accounts/route-kit.ts';
import { pageAnswer } from '../spot/answers.ts';
import { answerOnce } from '../../answer-once.ts';
import {
  adAnswer,
  adStatusOf,
  merchantAnswer,
  orderAnswer,
  orderAnswerNow,
  warmOrderImages,
} from './answers.ts';
import type { P2p, P2pOutcome } from './p2p.ts';
import { p2pOf, sideOf } from './part.ts';
import type { AdTermsRecord, P2pOrder } from './state.ts';
import type { ExchangeState } from '../../exchange/state.ts';

/** The ad terms of a payload, or the refusal key of the first field that is not a number of its kind. */
function termsOf(payload: {
  price?: string | undefined;
  float_margin: string;
  min: string;
  max: string;
  pay_methods: string[];
  pay_limit: number;
  remarks: string;
}): AdTermsRecord | { problem: string } {
  // A floating ad: the margin decides its price (the service prices it from the market); no price is read.
  const marginBps = payload.float_margin === '' ? null : marginBpsOf(payload.float_margin);
  if (payload.float_margin !== '' && (marginBps === null || !isMarginBps(marginBps)))
    return { problem: 'p2pMarginInvalid' };
  const priceCents = marginBps !== null ? 0n : centsOf(payload.price ?? '');
  if (priceCents === null) return { problem: 'p2pPriceInvalid' };
  const minCents = centsOf(payload.min);
  const maxCents = centsOf(payload.max);
  if (minCents === null || maxCents === null) return { problem: 'p2pLimitInvalid' };
  return {
    priceCents,
    marginBps,
    minCents,
    maxCents,
    payMethods: [...payload.pay_methods],
    payLimitMinutes: payload.pay_limit,
    remarks: payload.remarks.trim(),
  };
}

function refusal(outcome: P2pOutcome & { ok: false }, ctx: CallContext): Envelope {
  return errorEnvelope(ctx.t(outcome.key, outcome.vars));
}

/**
 * The otc/ calls. Every call first records what the simulated clock brought (limits,
 * the simulated merchants, the arbiter), so what is read or refused is current.
 */
export function registerP2pRoutes(routes: Routes, accounts: Accounts, p2p: P2p): void {
  const view = () => p2pOf(p2p.state());

  const orderEnvelope = async (orderId: number, userId: number, msg = ''): Promise<Envelope> => {
    const order = view().orders.get(orderId);
    const side = order ? sideOf(order, userId) : null;
    if (!order || side === null) return errorEnvelope('');
    return okEnvelope(await orderAnswer(view(), accounts, order, side, p2p.now()), msg);
  };

  /**
   * An order step's answer, in the state the step led to; its images were warmed before the step
   * (warmOrderImages), since it is worked out inside the commit.
   */
  const orderReply =
    (ctx: CallContext, userId: number, msg: string) =>
    (outcome: P2pOutcome, state: ExchangeState): Envelope => {
      if (!outcome.ok) return refusal(outcome, ctx);
      const orders = p2pOf(state);
      const order = orders.orders.get(outcome.id);
      const side = order ? sideOf(order, userId) : null;
      if (!order || side === null) return errorEnvelope(ctx.t('internal'));
      return okEnvelope(orderAnswerNow(orders, accounts, order, side, p2p.now()), ctx.t(msg));
    };

  /** An ad's answer after a change to it, in the state the change led to. */
  const adReply =
    (ctx: CallContext, msg: string) =>
    (outcome: P2pOutcome, state: ExchangeState): Envelope => {
      if (!outcome.ok) return refusal(outcome, ctx);
      const ads = p2pOf(state);
      const ad = ads.ads.get(outcome.id);
      return ad
        ? okEnvelope(adAnswer(ads, accounts, p2p.priced(ad), p2p.now()), ctx.t(msg))
        : errorEnvelope(ctx.t('internal'));
    };

  /** Warms the images an existing order's answer shows (its seller's QR codes, its voucher). */
  const warmImagesOf = async (orderId: number, voucher = '') => {
    const order = view().orders.get(orderId);
    if (order) await warmOrderImages(accounts, [order.sellerId], voucher || order.voucher);
  };

  const adEnvelope = (adId: number, msg = ''): Envelope => {
    const ad = view().ads.get(adId);
    return ad ? okEnvelope(adAnswer(view(), accounts, p2p.priced(ad), p2p.now()), msg) : errorEnvelope('');
  };

  on(routes, 'otc/ads', async (payload, ctx) => {
    await p2p.advance();
    if (!isP2pCoin(payload.coin) || !isP2pFiat(payload.fiat))
      return errorEnvelope(ctx.t('p2pCurrencyUnknown'));
    const amount = payload.amount === undefined ? null : centsOf(payload.amount);
    if (payload.amount !== undefined && amount === null) return errorEnvelope(ctx.t('p2pAmountInvalid'));
    const side = payload.type === OTC_AD_SELL ? 'sell' : 'buy';
    const now = p2p.now();
    const rows = [...view().ads.values()]
      // Floating ads at their price now: the filters, the order and the rows all see it.
      .map((ad) => p2p.priced(ad))
      .filter((ad) => {
        if (ad.status !== 'open' || ad.side !== side || ad.coin !== payload.coin || ad.fiat !== payload.fiat)
          return false;
        const maxNow = effectiveMaxCents(ad.maxCents, ad.leftUnits, ad.priceCents);
        // An ad that cannot fill one minimum order any more is not offered.
        if (maxNow < ad.minCents) return false;
        if (payload.pay_method && !ad.payMethods.includes(payload.pay_method)) return false;
        return amount === null || (amount >= ad.minCents && amount <= maxNow);
      })
      // Best price first: the cheapest seller, the highest buyer.
      .sort((a, b) =>
        a.priceCents === b.priceCents
          ? a.id - b.id
          : (side === 'sell' ? a.priceCents < b.priceCents : a.priceCents > b.priceCents)
            ? -1
            : 1,
      )
      .map((ad) => adAnswer(view(), accounts, ad, now));
    return okEnvelope({ ...pageAnswer(rows, payload.page, payload.limit), server_now: now });
  });

  on(routes, 'otc/ad', async (payload, ctx) => {
    await p2p.advance();
    const found = adEnvelope(payload.id);
    return found.code === 0 ? errorEnvelope(ctx.t('p2pAdNotFound')) : found;
  });

  onUser(routes, accounts, 'otc/my_ads', async (payload, _ctx, user) => {
    await p2p.advance();
    const status = payload.status === undefined ? null : adStatusOf(payload.status);
    const rows = [...view().ads.values()]
      .filter((ad) => ad.ownerId === user.id && (status === null || ad.status === status))
      .sort((a, b) => b.id - a.id)
      .map((ad) => adAnswer(view(), accounts, p2p.priced(ad), p2p.now()));
    // The references the fixed-price band is checked against, so the ad editor warns as one types.
    return okEnvelope({
      ...pageAnswer(rows, payload.page, payload.limit),
      reference_prices: p2p.referenceTexts(),
    });
  });

  onUser(routes, accounts, 'otc/publish', async (payload, ctx, user) => {
    if (!isP2pCoin(payload.coin) || !isP2pFiat(payload.fiat))
      return errorEnvelope(ctx.t('p2pCurrencyUnknown'));
    const terms = termsOf(payload);
    if ('problem' in terms) return errorEnvelope(ctx.t(terms.problem));
    const totalUnits = unitsOf(payload.total);
    if (totalUnits === null) return errorEnvelope(ctx.t('p2pTotalInvalid'));
    const reply = adReply(ctx, 'p2pPublished');
    const outcome = await p2p.publish(
      user.id,
      {
        side: payload.type === OTC_AD_SELL ? 'sell' : 'buy',
        coin: payload.coin,
        fiat: payload.fiat,
        totalUnits,
        terms,
      },
      answerOnce(ctx, reply),
    );
    return reply(outcome, p2p.state());
  });

  onUser(routes, accounts, 'otc/edit_ad', async (payload, ctx, user) => {
    const terms = termsOf(payload);
    if ('problem' in terms) return errorEnvelope(ctx.t(terms.problem));
    const reply = adReply(ctx, 'p2pAdSaved');
    return reply(await p2p.edit(user.id, payload.id, terms, answerOnce(ctx, reply)), p2p.state());
  });

  onUser(routes, accounts, 'otc/ad_status', async (payload, ctx, user) => {
    const status = adStatusOf(payload.status);
    if (status === null) return errorEnvelope(ctx.t('p2pAdNotFound'));
    const reply = adReply(ctx, 'p2pAdSaved');
    return reply(await p2p.setStatus(user.id, payload.id, status, answerOnce(ctx, reply)), p2p.state());
  });

  onUser(routes, accounts, 'otc/order_create', async (payload, ctx, user) => {
    const ad = view().ads.get(payload.ad_id);
    if (!ad) return errorEnvelope(ctx.t('p2pAdNotFound'));
    // Exactly one of the two sizes.
    if ((payload.amount === undefined) === (payload.number === undefined))
      return errorEnvelope(ctx.t('p2pAmountInvalid'));
    const by = payload.amount !== undefined ? 'amount' : 'quantity';
    const text = payload.amount ?? payload.number ?? '';
    const value = by === 'amount' ? centsOf(text) : unitsOf(text);
    if (
      value === null ||
      (by === 'quantity' && value % (100_000_000n / 10n ** BigInt(P2P_COINS[ad.coin])) !== 0n)
    )
      return errorEnvelope(ctx.t('p2pAmountInvalid'));
    await warmOrderImages(accounts, [user.id, ad.ownerId]);
    const reply = orderReply(ctx, user.id, 'p2pOrderOpened');
    return reply(await p2p.open(user.id, ad.id, by, value, answerOnce(ctx, reply)), p2p.state());
  });

  const listOrders =
    (mine: (order: P2pOrder, userId: number) => boolean) =>
    async (
      payload: { side?: number; group?: number; page: number; limit: number },
      _ctx: CallContext,
      user: { id: number },
    ): Promise<Envelope> => {
      await p2p.advance();
      const now = p2p.now();
      const rows = [...view().orders.values()]
        .filter((order) => {
          if (!mine(order, user.id)) return false;
          const side = sideOf(order, user.id);
          if (payload.side === OTC_SIDE_BUYER && side !== 'buyer') return false;
          if (payload.side === OTC_SIDE_SELLER && side !== 'seller') return false;
          if (payload.group === OTC_LIST_OPEN) return isOpenOrder(order.state);
          if (payload.group === OTC_LIST_COMPLETED) return order.state === 'completed';
          if (payload.group !== undefined) return order.state === 'cancelled' || order.state === 'abnormal';
          return true;
        })
        .sort((a, b) => b.id - a.id);
      const page = pageAnswer(rows, payload.page, payload.limit);
      const data = await Promise.all(
        page.data.map((order) =>
          orderAnswer(view(), accounts, order, sideOf(order, user.id) ?? 'buyer', now),
        ),
      );
      return okEnvelope({ ...page, data, server_now: now });
    };

  onUser(
    routes,
    accounts,
    'otc/orders',
    listOrders((order, userId) => order.buyerId === userId || order.sellerId === userId),
  );
  onUser(
    routes,
    accounts,
    'otc/shop_orders',
    listOrders((order, userId) => order.merchantId === userId),
  );

  onUser(routes, accounts, 'otc/order', async (payload, ctx, user) => {
    await p2p.advance();
    const found = await orderEnvelope(payload.id, user.id);
    return found.code === 0 ? errorEnvelope(ctx.t('p2pOrderNotFound')) : found;
  });

  const act = (name: 'otc/cancel' | 'otc/release' | 'otc/delay', action: P2pAction, msg: string) =>
    onUser(routes, accounts, name, async (payload, ctx, user) => {
      await warmImagesOf(payload.id);
      const reply = orderReply(ctx, user.id, msg);
      return reply(await p2p.act(user.id, payload.id, action, '', '', answerOnce(ctx, reply)), p2p.state());
    });
  act('otc/cancel', 'cancel', 'p2pCancelled');
  act('otc/release', 'release', 'p2pReleased');
  act('otc/delay', 'delay', 'p2pDelayed');

  onUser(routes, accounts, 'otc/pay', async (payload, ctx, user) => {
    let voucher = '';
    if (payload.voucher !== '') {
      const id = accounts.images.idOf(payload.voucher);
      // Only the buyer's own upload counts as their voucher.
      if (id === null || accounts.state().uploads.get(id)?.owner !== user.id)
        return errorEnvelope(ctx.t('p2pVoucherMissing'));
      voucher = id;
    }
    await warmImagesOf(payload.id, voucher);
    const reply = orderReply(ctx, user.id, 'p2pPaid');
    return reply(await p2p.act(user.id, payload.id, 'pay', voucher, '', answerOnce(ctx, reply)), p2p.state());
  });

  onUser(routes, accounts, 'otc/dispute', async (payload, ctx, user) => {
    await warmImagesOf(payload.id);
    const reply = orderReply(ctx, user.id, 'p2pDisputed');
    const outcome = await p2p.act(user.id, payload.id, 'dispute', '', payload.reason, answerOnce(ctx, reply));
    return reply(outcome, p2p.state());
  });

  on(routes, 'otc/shop', async (payload, ctx) => {
    await p2p.advance();
    const own = ctx.token ? accounts.userIdOf(ctx.token, ctx.now) : null;
    const id = payload.merchant_id ?? own;
    if (id === null || id === undefined) return errorEnvelope(ctx.t('p2pMerchantNotFound'));
    const known = view().merchants.has(id) || accounts.state().users.has(id);
    if (!known) return errorEnvelope(ctx.t('p2pMerchantNotFound'));
    return okEnvelope(merchantAnswer(view(), accounts, id, p2p.now()));
  });
}
