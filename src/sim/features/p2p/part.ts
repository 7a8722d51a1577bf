import { UNIT } from '../../../domain/wallet/amounts.ts';
import {
  actionProblem,
  arbiterRuling,
  isDisputeReasonOf,
  type DisputeReason,
} from '../../../domain/p2p/actions.ts';
import { figuresOf, P2P_COINS } from '../../../domain/p2p/amounts.ts';
import { buyingBarredUntil } from '../../../domain/p2p/cancellations.ts';
import { adProblem, orderSizeProblem } from '../../../domain/p2p/limits.ts';
import {
  escrowMoveOf,
  isOpenOrder,
  nextOrderState,
  type P2pCause,
  type P2pSide,
} from '../../../domain/p2p/order-state.ts';
import { arbitrationDue, clockCause, confirmDeadline, payDeadline } from '../../../domain/p2p/timers.ts';
import { applyPostings, userBalance, type Posting } from '../../ledger/postings.ts';
import type { Decision } from '../../store/aggregate.ts';
import type { LogLine } from '../wallet/state.ts';
import { P2P_COMMAND_KINDS, P2P_EVENT_TYPES, type P2pCommand, type P2pEvent } from './events.ts';
import { merchantStep } from './merchant-plan.ts';
import {
  initialP2pState,
  isFloating,
  type OrderActor,
  type P2pAd,
  type P2pOrder,
  type P2pState,
} from './state.ts';
import type { ExchangePart } from '../../exchange/exchange.ts';
import type { ExchangeState } from '../../exchange/state.ts';

/** Refusals, by their server message keys (locales "server" section). */
export const P2P_REFUSALS = [
  'p2pAlreadySeeded',
  'p2pNotSeller',
  'p2pPriceInvalid',
  'p2pMarginInvalid',
  'p2pTotalInvalid',
  'p2pLimitInvalid',
  'p2pMaxBelowMin',
  'p2pTotalBelowMin',
  'p2pPayMethodMissing',
  'p2pPayMethodNotSaved',
  'p2pPayLimitInvalid',
  'p2pRemarksLong',
  'p2pInsufficient',
  'p2pAdNotFound',
  'p2pAdNotOpen',
  'p2pAdEnded',
  'p2pOwnAd',
  'p2pOpenOrderExists',
  'p2pCancelLimit',
  'p2pSellerInsufficient',
  'p2pAmountInvalid',
  'p2pBelowMin',
  'p2pAboveMax',
  'p2pAboveLeft',
  'p2pOrderNotFound',
  'p2pActionNotAllowed',
  'p2pVoucherMissing',
  'p2pDisputeTooEarly',
  'p2pDelayUsed',
  'p2pReasonInvalid',
] as const;
export type P2pRefusal = (typeof P2P_REFUSALS)[number];

const EMPTY = initialP2pState();

/** The P2P slice of the exchange's state (empty in a log that never had any). */
export function p2pOf(state: ExchangeState): P2pState {
  return state.p2p ?? EMPTY;
}

const refuse = (error: P2pRefusal): Decision<P2pEvent> => ({ ok: false, error });

/** The viewer's side of an order, or null when they are not a party (someone else's order). */
export function sideOf(order: P2pOrder, userId: number): P2pSide | null {
  if (order.buyerId === userId) return 'buyer';
  if (order.sellerId === userId) return 'seller';
  return null;
}

function hasOpenOrder(p2p: P2pState, userId: number, adId: number): boolean {
  for (const order of p2p.orders.values())
    if (
      order.adId === adId &&
      isOpenOrder(order.state) &&
      (order.buyerId === userId || order.sellerId === userId)
    )
      return true;
  return false;
}

function moved(
  order: P2pOrder,
  cause: P2pCause,
  at: number,
  by: OrderActor,
  voucher = '',
  reason: DisputeReason | null = null,
): P2pEvent | null {
  const to = nextOrderState(order.state, cause);
  if (to === null) return null;
  return { type: 'P2pOrderMoved', at, orderId: order.id, cause, from: order.state, to, by, voucher, reason };
}

/** The voucher a simulated merchant pays with (it has no upload). */
export const SIM_VOUCHER = 'sim:voucher';

/** Whether a user id is a simulated merchant (they act through the clock, never by calls). */
function isSimulated(p2p: P2pState, userId: number): boolean {
  return p2p.merchants.has(userId);
}

/**
 * What the clock, the simulated merchants and the arbiter do to one order by `at`. A merchant's step
 * planned before a deadline wins over that deadline, so a late pass plays events in their order.
 */
function dueMove(p2p: P2pState, order: P2pOrder, at: number): P2pEvent | null {
  if (!isOpenOrder(order.state)) return null;
  if (order.state === 'disputed') {
    const due = arbitrationDue(order);
    if (due === null || at < due || !order.disputeReason) return null;
    return moved(order, arbiterRuling(order.disputeReason), at, 'arbiter');
  }
  const merchantIsSeller = isSimulated(p2p, order.sellerId);
  if (merchantIsSeller || isSimulated(p2p, order.buyerId)) {
    const step = merchantStep(order, merchantIsSeller);
    const deadline = order.state === 'unpaid' ? payDeadline(order) : confirmDeadline(order);
    if (step && at >= step.at && (deadline === null || step.at < deadline)) {
      const by = merchantIsSeller ? 'seller' : 'buyer';
      const event = moved(order, step.cause, at, by, step.cause === 'pay' ? SIM_VOUCHER : '', step.reason);
      if (event) return event;
    }
  }
  const timer = clockCause(order, at);
  if (timer === 'payTimeout') return moved(order, 'payTimeout', at, 'clock');
  if (timer === 'confirmTimeout') return moved(order, 'confirmTimeout', at, 'clock', '', 'timeout');
  return null;
}

/** Whether anything is due by `at` (the service skips the log when nothing is). */
export function p2pDue(state: ExchangeState, at: number): boolean {
  const p2p = p2pOf(state);
  for (const order of p2p.orders.values()) if (dueMove(p2p, order, at)) return true;
  return false;
}

function decide(state: ExchangeState, command: P2pCommand): Decision<P2pEvent> {
  const p2p = p2pOf(state);
  switch (command.kind) {
    case 'p2pSeed': {
      if (p2p.seeded) return refuse('p2pAlreadySeeded');
      const { kind: _kind, ...rest } = command;
      return { ok: true, events: [{ type: 'P2pSeeded', ...rest }] };
    }
    case 'p2pPublish': {
      if (!command.isSeller) return refuse('p2pNotSeller');
      const problem = adProblem({
        ...command.terms,
        totalUnits: command.totalUnits,
        coinDecimals: P2P_COINS[command.coin],
      });
      if (problem) return refuse(problem);
      // A sell ad's buyers pay the publisher, to the details saved for each method it accepts.
      if (command.side === 'sell' && !command.terms.payMethods.every((m) => command.savedMethods.includes(m)))
        return refuse('p2pPayMethodNotSaved');
      if (
        command.side === 'sell' &&
        userBalance(state, command.userId, 'legal', command.currencyId).available < command.totalUnits
      )
        return refuse('p2pInsufficient');
      const ad: P2pAd = {
        id: p2p.nextAdId,
        ownerId: command.userId,
        side: command.side,
        coin: command.coin,
        currencyId: command.currencyId,
        fiat: command.fiat,
        totalUnits: command.totalUnits,
        leftUnits: command.totalUnits,
        ...command.terms,
        status: 'open',
        createdAt: command.at,
        updatedAt: command.at,
      };
      return { ok: true, events: [{ type: 'P2pAdPublished', at: command.at, ad }], reply: ad.id };
    }
    case 'p2pEdit': {
      const ad = p2p.ads.get(command.adId);
      if (!ad || ad.ownerId !== command.userId) return refuse('p2pAdNotFound');
      if (ad.status === 'off') return refuse('p2pAdEnded');
      const problem = adProblem({
        ...command.terms,
        // The published total is not edited: the new minimum is checked against it, as at publishing.
        totalUnits: ad.totalUnits,
        coinDecimals: P2P_COINS[ad.coin],
      });
      if (problem) return refuse(problem);
      if (ad.side === 'sell' && !command.terms.payMethods.every((m) => command.savedMethods.includes(m)))
        return refuse('p2pPayMethodNotSaved');
      return {
        ok: true,
        events: [{ type: 'P2pAdEdited', at: command.at, adId: ad.id, terms: command.terms }],
        reply: ad.id,
      };
    }
    case 'p2pAdStatus': {
      const ad = p2p.ads.get(command.adId);
      if (!ad || ad.ownerId !== command.userId) return refuse('p2pAdNotFound');
      if (ad.status === 'off') return refuse('p2pAdEnded');
      if (ad.status === command.status) return { ok: true, events: [], reply: ad.id };
      return {
        ok: true,
        events: [{ type: 'P2pAdStatusChanged', at: command.at, adId: ad.id, status: command.status }],
        reply: ad.id,
      };
    }
    case 'p2pOpen': {
      const ad = p2p.ads.get(command.adId);
      if (!ad) return refuse('p2pAdNotFound');
      if (ad.status !== 'open') return refuse('p2pAdNotOpen');
      if (ad.ownerId === command.userId) return refuse('p2pOwnAd');
      if (hasOpenOrder(p2p, command.userId, ad.id)) return refuse('p2pOpenOrderExists');
      const takerBuys = ad.side === 'sell';
      if (takerBuys && buyingBarredUntil(p2p.buyerCancels.get(command.userId) ?? [], command.at) !== null)
        return refuse('p2pCancelLimit');
      // A floating ad is taken at its price at this moment, which the order then keeps for good.
      const priceCents = isFloating(ad) ? command.priceCents : ad.priceCents;
      if (priceCents <= 0n) return refuse('p2pPriceInvalid');
      const figures = figuresOf(command.by, command.value, priceCents, P2P_COINS[ad.coin]);
      const size = orderSizeProblem({
        ...figures,
        minCents: ad.minCents,
        maxCents: ad.maxCents,
        leftUnits: ad.leftUnits,
      });
      if (size) return refuse(size);
      // A taker who sells is paid to one of their saved methods that the ad accepts.
      const payMethods = takerBuys
        ? ad.payMethods
        : ad.payMethods.filter((method) => command.savedMethods.includes(method));
      if (payMethods.length === 0) return refuse('p2pPayMethodNotSaved');
      const sellerId = takerBuys ? ad.ownerId : command.userId;
      if (userBalance(state, sellerId, 'legal', ad.currencyId).available < figures.units)
        return refuse(takerBuys ? 'p2pSellerInsufficient' : 'p2pInsufficient');
      const order: P2pOrder = {
        id: p2p.nextOrderId,
        adId: ad.id,
        merchantId: ad.ownerId,
        buyerId: takerBuys ? command.userId : ad.ownerId,
        sellerId,
        coin: ad.coin,
        currencyId: ad.currencyId,
        fiat: ad.fiat,
        priceCents,
        units: figures.units,
        amountCents: figures.amountCents,
        payMethods,
        payLimitMinutes: ad.payLimitMinutes,
        state: 'unpaid',
        createdAt: command.at,
        paidAt: null,
        finishedAt: null,
        delayed: false,
        disputedAt: null,
        disputeReason: null,
        disputeBy: null,
        voucher: '',
        reference: command.reference,
        log: [{ at: command.at, kind: 'opened', by: takerBuys ? 'buyer' : 'seller' }],
      };
      return { ok: true, events: [{ type: 'P2pOrderOpened', at: command.at, order }], reply: order.id };
    }
    case 'p2pAct': {
      const order = p2p.orders.get(command.orderId);
      const side = order ? sideOf(order, command.userId) : null;
      // Someone else's order reads as unknown: ids must not tell whose exist.
      if (!order || side === null) return refuse('p2pOrderNotFound');
      // What the clock brought first (an unpaid order past its limit has cancelled itself).
      const due = dueMove(p2p, order, command.at);
      if (due) return refuse('p2pActionNotAllowed');
      const problem = actionProblem(order, side, command.action, command.at, command.voucher !== '');
      if (problem) return refuse(problem);
      let reason: DisputeReason | null = null;
      if (command.action === 'dispute') {
        if (!isDisputeReasonOf(side, command.reason)) return refuse('p2pReasonInvalid');
        reason = command.reason;
      }
      const event = moved(order, command.action, command.at, side, command.voucher, reason);
      if (!event) return refuse('p2pActionNotAllowed');
      return { ok: true, events: [event], reply: order.id };
    }
    case 'p2pAdvance': {
      const events: P2pEvent[] = [];
      for (const order of p2p.orders.values()) {
        const event = dueMove(p2p, order, command.at);
        if (event) events.push(event);
      }
      return { ok: true, events };
    }
  }
}

function legal(userId: number, currencyId: number, available: bigint, locked: bigint): Posting {
  return { kind: 'user', userId, account: 'legal', currencyId, available, locked };
}

/** The ledger postings of one P2P event: balanced by construction (escrow stays in legal accounts). */
function postingsOf(state: ExchangeState, event: P2pEvent): Posting[] {
  switch (event.type) {
    case 'P2pSeeded':
      return event.grants.flatMap((grant) => [
        legal(grant.userId, grant.currencyId, grant.units, 0n),
        { kind: 'book', book: 'grants', currencyId: grant.currencyId, amount: -grant.units } as Posting,
      ]);
    case 'P2pOrderOpened':
      return [legal(event.order.sellerId, event.order.currencyId, -event.order.units, event.order.units)];
    case 'P2pOrderMoved': {
      const order = p2pOf(state).orders.get(event.orderId);
      if (!order) return [];
      switch (escrowMoveOf(event.from, event.to)) {
        case 'toBuyer':
          return [
            legal(order.sellerId, order.currencyId, 0n, -order.units),
            legal(order.buyerId, order.currencyId, order.units, 0n),
          ];
        case 'toSeller':
          return [legal(order.sellerId, order.currencyId, order.units, -order.units)];
        default:
          return [];
      }
    }
    default:
      return [];
  }
}

const LOG_KIND = (event: P2pEvent, posting: Posting & { kind: 'user' }): string => {
  if (event.type === 'P2pSeeded') return 'p2pGrant';
  if (event.type === 'P2pOrderOpened') return 'p2pEscrow';
  return posting.locked < 0n && posting.available === 0n
    ? 'p2pRelease'
    : posting.locked < 0n
      ? 'p2pRefund'
      : 'p2pReceive';
};

function evolve(state: ExchangeState, event: P2pEvent): ExchangeState {
  const postings = postingsOf(state, event);
  const next = applyPostings(state, postings);
  const before = p2pOf(state);
  const p2p: P2pState = { ...before };
  const setAd = (ad: P2pAd) => {
    p2p.ads = new Map(p2p.ads).set(ad.id, ad);
  };
  const setOrder = (order: P2pOrder) => {
    p2p.orders = new Map(p2p.orders).set(order.id, order);
  };
  switch (event.type) {
    case 'P2pSeeded': {
      p2p.seeded = true;
      p2p.merchants = new Map(event.merchants.map((merchant) => [merchant.id, merchant]));
      p2p.ads = new Map(p2p.ads);
      for (const ad of event.ads) {
        p2p.ads.set(ad.id, ad);
        p2p.nextAdId = Math.max(p2p.nextAdId, ad.id + 1);
      }
      break;
    }
    case 'P2pAdPublished':
      setAd(event.ad);
      p2p.nextAdId = Math.max(p2p.nextAdId, event.ad.id + 1);
      break;
    case 'P2pAdEdited': {
      const ad = before.ads.get(event.adId);
      if (ad) setAd({ ...ad, ...event.terms, updatedAt: event.at });
      break;
    }
    case 'P2pAdStatusChanged': {
      const ad = before.ads.get(event.adId);
      if (ad) setAd({ ...ad, status: event.status, updatedAt: event.at });
      break;
    }
    case 'P2pOrderOpened': {
      setOrder(event.order);
      p2p.nextOrderId = Math.max(p2p.nextOrderId, event.order.id + 1);
      const ad = before.ads.get(event.order.adId);
      if (ad) setAd({ ...ad, leftUnits: ad.leftUnits - event.order.units });
      break;
    }
    case 'P2pOrderMoved': {
      const order = before.orders.get(event.orderId);
      if (!order) break;
      const ended = !isOpenOrder(event.to);
      setOrder({
        ...order,
        state: event.to,
        paidAt: event.cause === 'pay' ? event.at : order.paidAt,
        voucher: event.cause === 'pay' ? event.voucher : order.voucher,
        delayed: order.delayed || event.cause === 'delay',
        disputedAt: event.to === 'disputed' ? event.at : order.disputedAt,
        disputeReason: event.to === 'disputed' ? event.reason : order.disputeReason,
        disputeBy: event.to === 'disputed' ? event.by : order.disputeBy,
        finishedAt: ended ? event.at : order.finishedAt,
        log: [...order.log, { at: event.at, kind: event.cause, by: event.by }],
      });
      // Coins back from an order that did not complete can be ordered again.
      if (event.to === 'cancelled' || event.to === 'abnormal') {
        const ad = before.ads.get(order.adId);
        if (ad) setAd({ ...ad, leftUnits: ad.leftUnits + order.units });
      }
      if (event.to === 'cancelled' && !before.merchants.has(order.buyerId)) {
        p2p.buyerCancels = new Map(p2p.buyerCancels).set(order.buyerId, [
          ...(before.buyerCancels.get(order.buyerId) ?? []),
          event.at,
        ]);
      }
      break;
    }
  }
  // The legal account's records (account_log/legal): one line per movement of available.
  const wallet = { ...next.wallet };
  for (const posting of postings) {
    if (posting.kind !== 'user' || posting.available === 0n) continue;
    const was = userBalance(state, posting.userId, posting.account, posting.currencyId).available;
    const line: LogLine = {
      id: wallet.nextLogId,
      account: posting.account,
      currencyId: posting.currencyId,
      before: was,
      value: posting.available,
      after: was + posting.available,
      kind: LOG_KIND(event, posting),
      detail: event.type === 'P2pOrderMoved' ? String(event.orderId) : '',
      at: event.at,
    };
    wallet.nextLogId += 1;
    wallet.logs = new Map(wallet.logs).set(posting.userId, [
      ...(wallet.logs.get(posting.userId) ?? []),
      line,
    ]);
  }
  return { ...next, wallet, p2p };
}

/** P2P as a part of the exchange's one log (DESIGN.md "One ledger"). */
export const p2pPart: ExchangePart = {
  name: 'p2p',
  overdrawn: 'p2pInsufficient',
  ownsCommand: (command) => P2P_COMMAND_KINDS.has(command.kind),
  ownsEvent: (event) => P2P_EVENT_TYPES.has(event.type),
  decide: (state, command) => decide(state, command as P2pCommand),
  postingsOf: (state, event) => postingsOf(state, event as P2pEvent),
  evolve: (state, event) => evolve(state, event as P2pEvent),
};

/** Ledger units per whole coin (seeding). */
export const COIN = UNIT;
