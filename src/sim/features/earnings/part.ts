import {
  dailyDividend,
  dayEndsAt,
  daysDue,
  purchaseProblem,
  redeemProblem,
  type PurchaseProblem,
  type RedeemProblem,
} from '../../../domain/earnings/rules.ts';
import { applyPostings, userBalance, type Posting } from '../../ledger/postings.ts';
import type { Decision } from '../../store/aggregate.ts';
import type { LogLine } from '../wallet/state.ts';
import {
  EARNINGS_COMMAND_KINDS,
  EARNINGS_EVENT_TYPES,
  type EarningsCommand,
  type EarningsEvent,
} from './events.ts';
import { earningsProductById } from './products.ts';
import { initialEarningsState, type EarningsState, type Holding } from './state.ts';
import type { ExchangePart } from '../../exchange/exchange.ts';
import type { ExchangeState } from '../../exchange/state.ts';

/** Refusals, by their server message keys (locales "server" section). */
const PURCHASE_REFUSAL: Record<PurchaseProblem, string> = {
  amountInvalid: 'earningsAmountInvalid',
  soldOut: 'earningsSoldOut',
  belowMinimum: 'earningsBelowMinimum',
  aboveUserMax: 'earningsAboveUserMax',
  aboveQuota: 'earningsAboveQuota',
  insufficient: 'earningsInsufficient',
};
const REDEEM_REFUSAL: Record<RedeemProblem, string> = {
  fixedTerm: 'earningsFixedTerm',
  closed: 'earningsClosed',
};
export const EARNINGS_REFUSALS = [
  ...Object.values(PURCHASE_REFUSAL),
  ...Object.values(REDEEM_REFUSAL),
  'earningsProductUnknown',
  'earningsHoldingNotFound',
];

/** The earnings slice of a state (empty when the log never had any). */
export function earningsOf(state: ExchangeState): EarningsState {
  return state.earnings ?? initialEarningsState();
}

/** A user's principal held in a product now. */
export function heldByUser(state: ExchangeState, userId: number, productId: number): bigint {
  let total = 0n;
  for (const holding of earningsOf(state).holdings.values())
    if (holding.userId === userId && holding.productId === productId && holding.status === 'active')
      total += holding.principal;
  return total;
}

/** A product's quota left now. */
export function quotaLeft(state: ExchangeState, productId: number): bigint {
  const product = earningsProductById(productId);
  if (!product) return 0n;
  const left = product.quota - (earningsOf(state).heldByProduct.get(productId) ?? 0n);
  return left > 0n ? left : 0n;
}

const refuse = (error: string): Decision<EarningsEvent> => ({ ok: false, error });

/** The dividends (and the maturity) the clock brought one holding by `at`. */
function dueEvents(holding: Holding, at: number): EarningsEvent[] {
  if (holding.status !== 'active') return [];
  const events: EarningsEvent[] = [];
  const due = daysDue(holding.openedAt, at, holding.termDays);
  for (let day = holding.paidDays + 1; day <= due; day++) {
    events.push({
      type: 'EarningsDividendPaid',
      at,
      holdingId: holding.id,
      day,
      amount: dailyDividend(holding.principal, holding.rateBp),
      dueAt: dayEndsAt(holding.openedAt, day),
    });
  }
  if (holding.termDays > 0 && due >= holding.termDays)
    events.push({ type: 'EarningsMatured', at, holdingId: holding.id });
  return events;
}

/** Whether anything is due by `at` (the service skips the log when nothing is). */
export function earningsDue(state: ExchangeState, at: number): boolean {
  for (const holding of earningsOf(state).holdings.values()) {
    if (holding.status !== 'active') continue;
    if (daysDue(holding.openedAt, at, holding.termDays) > holding.paidDays) return true;
  }
  return false;
}

function decide(state: ExchangeState, command: EarningsCommand): Decision<EarningsEvent> {
  const earnings = earningsOf(state);
  switch (command.kind) {
    case 'earningsBuy': {
      const product = earningsProductById(command.productId);
      if (!product) return refuse('earningsProductUnknown');
      const problem = purchaseProblem({
        units: command.units,
        minimum: product.minimum,
        maxPerUser: product.maxPerUser,
        heldByUser: heldByUser(state, command.userId, product.id),
        left: quotaLeft(state, product.id),
        available: userBalance(state, command.userId, 'financial', product.currencyId).available,
      });
      if (problem) return refuse(PURCHASE_REFUSAL[problem]);
      const holding: Holding = {
        id: earnings.nextHoldingId,
        userId: command.userId,
        productId: product.id,
        currencyId: product.currencyId,
        principal: command.units,
        rateBp: product.rateBp,
        termDays: product.days,
        openedAt: command.at,
        paidDays: 0,
        income: 0n,
        status: 'active',
        closedAt: null,
      };
      return { ok: true, events: [{ type: 'EarningsBought', at: command.at, holding }], reply: holding.id };
    }
    case 'earningsAdvance': {
      const events = [...earnings.holdings.values()].flatMap((holding) => dueEvents(holding, command.at));
      return { ok: true, events };
    }
    case 'earningsRedeem': {
      const holding = earnings.holdings.get(command.holdingId);
      // Someone else's holding reads as unknown: ids must not tell whose exist.
      if (!holding || holding.userId !== command.userId) return refuse('earningsHoldingNotFound');
      // What the clock brought first: a fixed term that just ended has returned by itself.
      const due = dueEvents(holding, command.at);
      if (due.some((event) => event.type === 'EarningsMatured')) return refuse(REDEEM_REFUSAL.closed);
      const problem = redeemProblem(holding.termDays, holding.status === 'active');
      if (problem) return refuse(REDEEM_REFUSAL[problem]);
      // The whole days not paid yet are paid with it; the last partial day earns nothing.
      return {
        ok: true,
        events: [...due, { type: 'EarningsRedeemed', at: command.at, holdingId: holding.id }],
        reply: holding.id,
      };
    }
  }
}

function postingsOf(state: ExchangeState, event: EarningsEvent): Posting[] {
  const holding =
    event.type === 'EarningsBought' ? event.holding : earningsOf(state).holdings.get(event.holdingId);
  if (!holding) return [];
  const user = (available: bigint, locked: bigint): Posting => ({
    kind: 'user',
    userId: holding.userId,
    account: 'financial',
    currencyId: holding.currencyId,
    available,
    locked,
  });
  switch (event.type) {
    case 'EarningsBought':
      return [user(-holding.principal, holding.principal)];
    case 'EarningsDividendPaid':
      if (event.amount === 0n) return [];
      return [
        user(event.amount, 0n),
        { kind: 'book', book: 'earnings', currencyId: holding.currencyId, amount: -event.amount },
      ];
    case 'EarningsMatured':
    case 'EarningsRedeemed':
      return [user(holding.principal, -holding.principal)];
  }
}

const LOG_KIND: Record<EarningsEvent['type'], string> = {
  EarningsBought: 'earningsBuy',
  EarningsDividendPaid: 'earningsDividend',
  EarningsMatured: 'earningsReturn',
  EarningsRedeemed: 'earningsReturn',
};

function evolve(state: ExchangeState, event: EarningsEvent): ExchangeState {
  const postings = postingsOf(state, event);
  const next = applyPostings(state, postings);
  const before = earningsOf(state);
  const earnings: EarningsState = { ...before };
  const setHolding = (holding: Holding) => {
    earnings.holdings = new Map(earnings.holdings).set(holding.id, holding);
  };
  const moveHeld = (productId: number, delta: bigint) => {
    earnings.heldByProduct = new Map(earnings.heldByProduct).set(
      productId,
      (earnings.heldByProduct.get(productId) ?? 0n) + delta,
    );
  };
  let owner: Holding | undefined;
  switch (event.type) {
    case 'EarningsBought': {
      owner = event.holding;
      setHolding(event.holding);
      earnings.nextHoldingId = Math.max(earnings.nextHoldingId, event.holding.id + 1);
      moveHeld(event.holding.productId, event.holding.principal);
      break;
    }
    case 'EarningsDividendPaid': {
      owner = before.holdings.get(event.holdingId);
      if (!owner) break;
      setHolding({ ...owner, paidDays: event.day, income: owner.income + event.amount });
      const record = {
        id: earnings.nextRecordId,
        holdingId: owner.id,
        productId: owner.productId,
        currencyId: owner.currencyId,
        day: event.day,
        amount: event.amount,
        dueAt: event.dueAt,
        at: event.at,
      };
      earnings.nextRecordId += 1;
      earnings.records = new Map(earnings.records).set(owner.userId, [
        ...(earnings.records.get(owner.userId) ?? []),
        record,
      ]);
      break;
    }
    case 'EarningsMatured':
    case 'EarningsRedeemed': {
      owner = before.holdings.get(event.holdingId);
      if (!owner) break;
      setHolding({
        ...owner,
        status: event.type === 'EarningsMatured' ? 'matured' : 'redeemed',
        closedAt: event.at,
      });
      moveHeld(owner.productId, -owner.principal);
      break;
    }
  }
  // The financial account's records (account_log/financial): one line per movement of available.
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
      kind: LOG_KIND[event.type],
      detail: owner ? String(owner.productId) : '',
      at: event.type === 'EarningsDividendPaid' ? event.dueAt : event.at,
    };
    wallet.nextLogId += 1;
    wallet.logs = new Map(wallet.logs).set(posting.userId, [
      ...(wallet.logs.get(posting.userId) ?? []),
      line,
    ]);
  }
  return { ...next, wallet, earnings };
}

/** Earnings as a part of the exchange's one log (DESIGN.md "One ledger"). */
export const earningsPart: ExchangePart = {
  name: 'earnings',
  overdrawn: 'earningsInsufficient',
  ownsCommand: (command) => EARNINGS_COMMAND_KINDS.has(command.kind),
  ownsEvent: (event) => EARNINGS_EVENT_TYPES.has(event.type),
  decide: (state, command) => decide(state, command as EarningsCommand),
  postingsOf: (state, event) => postingsOf(state, event as EarningsEvent),
  evolve: (state, event) => evolve(state, event as EarningsEvent),
};
