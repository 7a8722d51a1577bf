import {
  FLAG_OFF,
  FLAG_ON,
  flagOf,
  OTC_AD_BUY,
  OTC_AD_OFF_SHELF,
  OTC_AD_OPEN,
  OTC_AD_PAUSED,
  OTC_AD_SELL,
  OTC_ORDER_ABNORMAL,
  OTC_ORDER_CANCELLED,
  OTC_ORDER_COMPLETED,
  OTC_ORDER_DELAYED,
  OTC_ORDER_DISPUTED,
  OTC_ORDER_PAID,
  OTC_ORDER_UNPAID,
  OTC_SIDE_BUYER,
  OTC_SIDE_SELLER,
  REVIEW_STATUS_APPROVED,
  type OtcAdStatus,
  type OtcOrderStatus,
} from '../../../domain/contract-codes.ts';
import { allowedActions } from '../../../domain/p2p/actions.ts';
import { centsText, P2P_COINS } from '../../../domain/p2p/amounts.ts';
import { unitsDisplay } from '../../../domain/p2p/entry.ts';
import { effectiveMaxCents } from '../../../domain/p2p/limits.ts';
import { marginText } from '../../../domain/p2p/floating-price.ts';
import { isOpenOrder, type P2pOrderState, type P2pSide } from '../../../domain/p2p/order-state.ts';
import { arbitrationDue, countdowns, disputeOpensAt } from '../../../domain/p2p/timers.ts';
import type { Accounts } from '../accounts/accounts.ts';
import { PAY_METHOD_TYPES } from '../accounts/pay-method-types.ts';
import type { UserRecord } from '../accounts/state.ts';
import { isFloating, type P2pAd, type P2pOrder, type P2pState, type AdStatus } from './state.ts';

export const ORDER_STATUS_CODE: Record<P2pOrderState, OtcOrderStatus> = {
  unpaid: OTC_ORDER_UNPAID,
  paid: OTC_ORDER_PAID,
  delayed: OTC_ORDER_DELAYED,
  disputed: OTC_ORDER_DISPUTED,
  completed: OTC_ORDER_COMPLETED,
  cancelled: OTC_ORDER_CANCELLED,
  abnormal: OTC_ORDER_ABNORMAL,
};

export const AD_STATUS_CODE: Record<AdStatus, OtcAdStatus> = {
  open: OTC_AD_OPEN,
  paused: OTC_AD_PAUSED,
  off: OTC_AD_OFF_SHELF,
};

export function adStatusOf(code: number): AdStatus | null {
  const found = (Object.keys(AD_STATUS_CODE) as AdStatus[]).find((key) => AD_STATUS_CODE[key] === code);
  return found ?? null;
}

export function sideCode(side: P2pSide) {
  return side === 'buyer' ? OTC_SIDE_BUYER : OTC_SIDE_SELLER;
}

const DAY_MS = 86_400_000;

/** A user's public name: the start of the e-mail or the last digits of the phone, never the whole. */
export function publicName(user: UserRecord | undefined): string {
  if (!user) return '';
  if (user.email) return `${user.email.split('@')[0]?.slice(0, 3) ?? ''}***`;
  return user.mobile ? `***${user.mobile.slice(-4)}` : `user${user.id}`;
}

/** Who a user id is: a simulated merchant's name, or a real user's public name. */
export function nameOf(p2p: P2pState, accounts: Accounts, userId: number): string {
  return p2p.merchants.get(userId)?.name ?? publicName(accounts.state().users.get(userId));
}

/** The store card of a merchant (simulated or a real user), from its orders and seeded history. */
export function merchantAnswer(p2p: P2pState, accounts: Accounts, merchantId: number, now: number) {
  const sim = p2p.merchants.get(merchantId);
  const user = accounts.state().users.get(merchantId);
  let total = sim?.pastOrders ?? 0;
  let recent = 0;
  let recentCompleted = 0;
  let releases = sim ? Math.max(1, Math.round(sim.pastOrders / 10)) : 0;
  let releaseMs = sim ? sim.pastReleaseMs * releases : 0;
  for (const order of p2p.orders.values()) {
    if (order.merchantId !== merchantId) continue;
    total += 1;
    if (
      order.state === 'completed' &&
      order.paidAt !== null &&
      order.finishedAt !== null &&
      order.sellerId === merchantId
    ) {
      releases += 1;
      releaseMs += order.finishedAt - order.paidAt;
    }
    if (order.createdAt >= now - 30 * DAY_MS && !isOpenOrder(order.state)) {
      recent += 1;
      if (order.state === 'completed') recentCompleted += 1;
    }
  }
  // A simulated merchant's 30 days include its seeded month (a tenth of its history).
  const pastRecent = sim ? Math.round(sim.pastOrders / 12) : 0;
  const pastRecentCompleted = sim
    ? Math.round((pastRecent * sim.pastCompleted) / Math.max(1, sim.pastOrders))
    : 0;
  const orders30 = recent + pastRecent;
  const completed30 = recentCompleted + pastRecentCompleted;
  const rateBp = orders30 === 0 ? 0 : Math.floor((completed30 * 10_000) / orders30);
  return {
    id: merchantId,
    name: nameOf(p2p, accounts, merchantId),
    registered_at: sim?.registeredAt ?? user?.createdAt ?? 0,
    total_orders: total,
    orders_30d: orders30,
    completion_rate: `${Math.floor(rateBp / 100)}.${String(rateBp % 100).padStart(2, '0')}`,
    avg_release_seconds: releases === 0 ? 0 : Math.round(releaseMs / releases / 1000),
    email_verified: sim ? FLAG_ON : flagOf(Boolean(user?.email)),
    mobile_verified: sim ? FLAG_ON : flagOf(Boolean(user?.mobile)),
    real_name_verified: sim ? FLAG_ON : flagOf(user?.realName?.status === REVIEW_STATUS_APPROVED),
    simulated: sim ? FLAG_ON : FLAG_OFF,
  };
}

export function adAnswer(p2p: P2pState, accounts: Accounts, ad: P2pAd, now: number) {
  const decimals = P2P_COINS[ad.coin];
  let open = 0;
  for (const order of p2p.orders.values()) if (order.adId === ad.id && isOpenOrder(order.state)) open += 1;
  return {
    id: ad.id,
    type: ad.side === 'sell' ? OTC_AD_SELL : OTC_AD_BUY,
    coin: ad.coin,
    fiat: ad.fiat,
    price: centsText(ad.priceCents),
    float_margin: isFloating(ad) ? marginText(ad.marginBps) : '',
    total: unitsDisplay(ad.totalUnits, decimals),
    left: unitsDisplay(ad.leftUnits, decimals),
    min: centsText(ad.minCents),
    max: centsText(ad.maxCents),
    max_now: centsText(effectiveMaxCents(ad.maxCents, ad.leftUnits, ad.priceCents)),
    coin_decimals: decimals,
    pay_methods: [...ad.payMethods],
    pay_limit: ad.payLimitMinutes,
    remarks: ad.remarks,
    status: AD_STATUS_CODE[ad.status],
    open_orders: open,
    merchant: merchantAnswer(p2p, accounts, ad.ownerId, now),
    created_at: ad.createdAt,
  };
}

/**
 * The upload ids an order's answer shows (the buyer's voucher, the parties' pay-method QR codes),
 * minted as URLs so the answer can be worked out without waiting (`orderAnswerNow`).
 */
export async function warmOrderImages(
  accounts: Accounts,
  userIds: readonly number[],
  voucher = '',
): Promise<void> {
  const ids = userIds.flatMap((userId) =>
    Object.values(accounts.state().users.get(userId)?.payMethods ?? {}).flatMap((method) =>
      method.qrcode ? [method.qrcode] : [],
    ),
  );
  if (voucher && !voucher.startsWith('sim:')) ids.push(voucher);
  await accounts.images.warm(ids);
}

/** The seller's collection details for the order's pay methods. */
function collectionOf(p2p: P2pState, accounts: Accounts, order: P2pOrder) {
  const sim = p2p.merchants.get(order.sellerId);
  const user = accounts.state().users.get(order.sellerId);
  const rows = [];
  for (const code of order.payMethods) {
    const empty = { real_name: '', account: '', bank_name: '', card_no: '', bank_address: '', qrcode: '' };
    if (sim) {
      const details = sim.payDetails[code];
      if (details) rows.push({ code, ...empty, ...details });
      continue;
    }
    const type = PAY_METHOD_TYPES.find((each) => each.code === code);
    const stored = type && user ? user.payMethods[type.id] : undefined;
    if (!stored) continue;
    const qrcode = stored.qrcode ? accounts.images.knownUrlOf(stored.qrcode) : '';
    rows.push({ code, ...empty, ...stored, qrcode });
  }
  return rows;
}

/** An order as the contract answers it, its images' URLs minted first. */
export async function orderAnswer(
  p2p: P2pState,
  accounts: Accounts,
  order: P2pOrder,
  side: P2pSide,
  now: number,
) {
  await warmOrderImages(accounts, [order.sellerId], order.voucher);
  return orderAnswerNow(p2p, accounts, order, side, now);
}

/** An order as the contract answers it, with the image URLs minted so far (`warmOrderImages`). */
export function orderAnswerNow(
  p2p: P2pState,
  accounts: Accounts,
  order: P2pOrder,
  side: P2pSide,
  now: number,
) {
  const timers = countdowns(order, now);
  const opens = disputeOpensAt(order);
  const arbitration = arbitrationDue(order);
  const voucher =
    order.voucher && !order.voucher.startsWith('sim:') ? accounts.images.knownUrlOf(order.voucher) : '';
  return {
    id: order.id,
    order_no: `P2P${String(order.createdAt).slice(-6)}${String(order.id).padStart(6, '0')}`,
    ad_id: order.adId,
    side: sideCode(side),
    coin: order.coin,
    fiat: order.fiat,
    price: centsText(order.priceCents),
    number: unitsDisplay(order.units, P2P_COINS[order.coin]),
    amount: centsText(order.amountCents),
    status: ORDER_STATUS_CODE[order.state],
    pay_methods: [...order.payMethods],
    pay_limit: order.payLimitMinutes,
    collection: collectionOf(p2p, accounts, order),
    reference: order.reference,
    voucher,
    buyer: { id: order.buyerId, name: nameOf(p2p, accounts, order.buyerId) },
    seller: { id: order.sellerId, name: nameOf(p2p, accounts, order.sellerId) },
    merchant_id: order.merchantId,
    delayed: flagOf(order.delayed),
    dispute_reason: order.disputeReason ?? '',
    dispute_by: order.disputeBy ?? '',
    created_at: order.createdAt,
    paid_at: order.paidAt ?? 0,
    finished_at: order.finishedAt ?? 0,
    pay_countdown: timers.pay,
    confirm_countdown: timers.confirm,
    dispute_countdown:
      (order.state === 'paid' || order.state === 'delayed') && opens !== null ? Math.max(0, opens - now) : 0,
    arbitration_countdown:
      order.state === 'disputed' && arbitration !== null ? Math.max(0, arbitration - now) : 0,
    server_now: now,
    actions: allowedActions(order, side, now),
    events: order.log.map((line) => ({ at: line.at, kind: line.kind, by: line.by })),
  };
}
