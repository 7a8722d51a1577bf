import { beforeEach, describe, expect, it } from 'vitest';
import { arbiterRuling } from '../../../src/domain/p2p/actions.ts';
import { amountForQuantity, quantityForAmount, P2P_COINS } from '../../../src/domain/p2p/amounts.ts';
import { BUYER_CANCELS_PER_DAY } from '../../../src/domain/p2p/cancellations.ts';
import {
  ARBITRATION_MS,
  CONFIRM_LIMIT_MS,
  DELAY_MS,
  DISPUTE_WAIT_MS,
  MINUTE_MS,
  payDeadline,
} from '../../../src/domain/p2p/timers.ts';
import { UNIT } from '../../../src/domain/wallet/amounts.ts';
import type { P2pCommand, P2pEvent } from '../../../src/sim/features/p2p/events.ts';
import { merchantStep } from '../../../src/sim/features/p2p/merchant-plan.ts';
import { COIN, p2pDue, p2pOf, p2pPart, sideOf, SIM_VOUCHER } from '../../../src/sim/features/p2p/part.ts';
import type { AdTermsRecord, P2pAd, P2pOrder, SimMerchant } from '../../../src/sim/features/p2p/state.ts';
import { spotAggregate } from '../../../src/sim/features/spot/aggregate.ts';
import type { LogLine } from '../../../src/sim/features/wallet/state.ts';
import { bookKey, userBalance } from '../../../src/sim/ledger/postings.ts';
import { pairById } from '../../../src/sim/market/pairs.ts';
import { exchangeAggregate, type ExchangeCommand } from '../../../src/sim/exchange/exchange.ts';
import { walletPart } from '../../../src/sim/features/wallet/part.ts';
import type { ExchangeState } from '../../../src/sim/exchange/state.ts';

/**
 * The P2P part's own decisions, escrow postings and records, example by example: each refusal with
 * its key at its boundary, the seller's escrow lock and where it goes at each ending (buyer or seller,
 * available or locked), the legal account's record lines, and what the clock, the simulated
 * merchants and the arbiter do and when, each derived from the published rules (src/domain/p2p).
 */
const aggregate = exchangeAggregate(spotAggregate(pairById), [walletPart, p2pPart]);
const USDT = 1;
const ALICE = 10_001;
const BOB = 10_002;
const MERCHANT = 500;
const START = Date.UTC(2026, 10, 2, 9, 0, 0);
const FUNDS = 1_000n * COIN;
const PRICE = 700n; // 7.00 per USDT
const TEN = 10n * COIN;

const merchant: SimMerchant = {
  id: MERCHANT,
  name: 'Sim Merchant',
  registeredAt: 0,
  pastOrders: 0,
  pastCompleted: 0,
  pastReleaseMs: 0,
  payDetails: {},
};

const terms = (extra: Partial<AdTermsRecord> = {}): AdTermsRecord => ({
  priceCents: PRICE,
  marginBps: null,
  minCents: 1_000n,
  maxCents: 100_000n,
  payMethods: ['bank'],
  payLimitMinutes: 15,
  remarks: '',
  ...extra,
});

function merchantAd(id: number, side: 'sell' | 'buy'): P2pAd {
  return {
    id,
    ownerId: MERCHANT,
    side,
    coin: 'USDT',
    currencyId: USDT,
    fiat: 'CNY',
    totalUnits: 100n * COIN,
    leftUnits: 100n * COIN,
    ...terms({ payMethods: ['bank', 'alipay'] }),
    status: 'open',
    createdAt: START,
    updatedAt: START,
  };
}

const SEED: Extract<P2pCommand, { kind: 'p2pSeed' }> = {
  kind: 'p2pSeed',
  at: START,
  merchants: [merchant],
  ads: [merchantAd(4, 'sell'), merchantAd(2, 'buy')],
  grants: [
    { userId: ALICE, currencyId: USDT, units: FUNDS },
    { userId: BOB, currencyId: USDT, units: FUNDS },
    { userId: MERCHANT, currencyId: USDT, units: FUNDS },
  ],
};

function decide(state: ExchangeState, command: P2pCommand) {
  return aggregate.decide(state, command as unknown as ExchangeCommand);
}

function play(state: ExchangeState, command: P2pCommand): { state: ExchangeState; events: P2pEvent[] } {
  const decision = decide(state, command);
  if (!decision.ok) throw new Error(`refused: ${decision.error}`);
  const events = decision.events as unknown as P2pEvent[];
  return { state: decision.events.reduce((s, e) => aggregate.evolve(s, e), state), events };
}

function refusal(state: ExchangeState, command: P2pCommand): string | null {
  const decision = decide(state, command);
  return decision.ok ? null : decision.error;
}

const seeded = (): ExchangeState => play(aggregate.initial(), SEED).state;
const legal = (state: ExchangeState, userId: number) => userBalance(state, userId, 'legal', USDT);
const logsOf = (state: ExchangeState, userId: number): LogLine[] => state.wallet.logs.get(userId) ?? [];
const orderOf = (state: ExchangeState, id: number): P2pOrder => p2pOf(state).orders.get(id)!;
const adOf = (state: ExchangeState, id: number): P2pAd => p2pOf(state).ads.get(id)!;

type Publish = Extract<P2pCommand, { kind: 'p2pPublish' }>;
function publish(extra: Partial<Publish> = {}): Publish {
  return {
    kind: 'p2pPublish',
    at: START + 1,
    userId: ALICE,
    isSeller: true,
    savedMethods: ['bank'],
    side: 'sell',
    coin: 'USDT',
    currencyId: USDT,
    fiat: 'CNY',
    totalUnits: 100n * COIN,
    terms: terms(),
    ...extra,
  };
}

type Open = Extract<P2pCommand, { kind: 'p2pOpen' }>;
function open(adId: number, extra: Partial<Open> = {}): Open {
  return {
    kind: 'p2pOpen',
    at: START + 2,
    userId: BOB,
    adId,
    by: 'quantity',
    value: TEN,
    savedMethods: ['bank', 'alipay', 'wxpay'],
    reference: '123456',
    priceCents: 0n,
    ...extra,
  };
}

function act(
  orderId: number,
  userId: number,
  action: Extract<P2pCommand, { kind: 'p2pAct' }>['action'],
  at: number,
  extra: { voucher?: string; reason?: string } = {},
): P2pCommand {
  return {
    kind: 'p2pAct',
    at,
    userId,
    orderId,
    action,
    voucher: extra.voucher ?? '',
    reason: extra.reason ?? '',
  };
}

/** Alice's sell ad (id 5) and Bob's order of 10 USDT on it (id 1): Alice sells, Bob buys. */
function bobBuysFromAlice(): ExchangeState {
  let state = play(seeded(), publish()).state;
  state = play(state, open(5)).state;
  return state;
}

describe('seeding', () => {
  it('grants legal coins from the grants book, records them, and registers merchants and ads once', () => {
    const initial = aggregate.initial();
    const decision = p2pPart.decide(initial, SEED);
    const { kind: _kind, ...rest } = SEED;
    expect(decision).toEqual({ ok: true, events: [{ type: 'P2pSeeded', ...rest }] });
    const { state, events } = play(initial, SEED);
    expect(p2pPart.postingsOf(initial, events[0]!)).toEqual(
      SEED.grants.flatMap((grant) => [
        {
          kind: 'user',
          userId: grant.userId,
          account: 'legal',
          currencyId: USDT,
          available: grant.units,
          locked: 0n,
        },
        { kind: 'book', book: 'grants', currencyId: USDT, amount: -grant.units },
      ]),
    );
    expect(legal(state, ALICE)).toEqual({ available: FUNDS, locked: 0n });
    expect(state.books.get(bookKey('grants', USDT))).toBe(-3n * FUNDS);
    expect(logsOf(state, ALICE)).toEqual([
      {
        id: 1,
        account: 'legal',
        currencyId: USDT,
        before: 0n,
        value: FUNDS,
        after: FUNDS,
        kind: 'p2pGrant',
        detail: '',
        at: START,
      },
    ]);
    expect(logsOf(state, MERCHANT)[0]!.id).toBe(3);
    expect(state.wallet.nextLogId).toBe(4);
    const p2p = p2pOf(state);
    expect(p2p.seeded).toBe(true);
    expect([...p2p.merchants]).toEqual([[MERCHANT, merchant]]);
    expect([...p2p.ads.keys()]).toEqual([4, 2]);
    expect(p2p.nextAdId).toBe(5);
    expect(refusal(state, SEED)).toBe('p2pAlreadySeeded');
    expect(p2pOf(initial).seeded).toBe(false);
    expect(COIN).toBe(UNIT);
  });
});

describe('publishing and editing ads', () => {
  let state: ExchangeState;
  beforeEach(() => {
    state = seeded();
  });

  it('refuses non-sellers, bad terms, unsaved methods (sell ads) and a balance below the total', () => {
    expect(refusal(state, publish({ isSeller: false }))).toBe('p2pNotSeller');
    expect(refusal(state, publish({ terms: terms({ priceCents: 0n }) }))).toBe('p2pPriceInvalid');
    expect(refusal(state, publish({ totalUnits: 1n }))).toBe('p2pTotalInvalid');
    expect(refusal(state, publish({ savedMethods: ['alipay'] }))).toBe('p2pPayMethodNotSaved');
    expect(refusal(state, publish({ savedMethods: ['alipay'], side: 'buy' }))).toBeNull();
    // Every method of a sell ad needs saved details, not just one of them.
    const twoMethods = terms({ payMethods: ['bank', 'alipay'] });
    expect(refusal(state, publish({ terms: twoMethods }))).toBe('p2pPayMethodNotSaved');
    expect(refusal(state, publish({ terms: twoMethods, savedMethods: ['alipay', 'bank'] }))).toBeNull();
    expect(refusal(state, publish({ totalUnits: FUNDS + COIN }))).toBe('p2pInsufficient');
    expect(refusal(state, publish({ totalUnits: FUNDS }))).toBeNull();
    expect(refusal(state, publish({ userId: 10_099, side: 'buy' }))).toBeNull();
    expect(refusal(state, publish({ userId: 10_099 }))).toBe('p2pInsufficient');
  });

  it('publishes an open ad with its whole total left, moving no coins', () => {
    const command = publish({ marginBps: 150, terms: terms({ marginBps: 150 }) } as Partial<Publish>);
    expect(p2pPart.decide(state, command)).toEqual({
      ok: true,
      events: [
        {
          type: 'P2pAdPublished',
          at: START + 1,
          ad: {
            id: 5,
            ownerId: ALICE,
            side: 'sell',
            coin: 'USDT',
            currencyId: USDT,
            fiat: 'CNY',
            totalUnits: 100n * COIN,
            leftUnits: 100n * COIN,
            ...terms({ marginBps: 150 }),
            status: 'open',
            createdAt: START + 1,
            updatedAt: START + 1,
          },
        },
      ],
      reply: 5,
    });
    const { state: after, events } = play(state, command);
    expect(p2pPart.postingsOf(state, events[0]!)).toEqual([]);
    expect(after.balances).toEqual(state.balances);
    expect(after.wallet).toEqual(state.wallet);
    expect(adOf(after, 5).id).toBe(5);
    expect(p2pOf(after).nextAdId).toBe(6);
  });

  it('edits only an owner’s live ad, checking the new terms against the published total', () => {
    const withAd = play(state, publish()).state;
    const edit = (extra: Partial<Extract<P2pCommand, { kind: 'p2pEdit' }>> = {}): P2pCommand => ({
      kind: 'p2pEdit',
      at: START + 9,
      userId: ALICE,
      savedMethods: ['bank'],
      adId: 5,
      terms: terms({ minCents: 2_000n }),
      ...extra,
    });
    expect(refusal(withAd, edit({ adId: 77 }))).toBe('p2pAdNotFound');
    expect(refusal(withAd, edit({ userId: BOB }))).toBe('p2pAdNotFound');
    // 100 USDT at 7.00 is 700.00: a minimum above that is more than the whole ad.
    expect(refusal(withAd, edit({ terms: terms({ minCents: 70_001n, maxCents: 80_000n }) }))).toBe(
      'p2pTotalBelowMin',
    );
    expect(refusal(withAd, edit({ terms: terms({ minCents: 70_000n, maxCents: 80_000n }) }))).toBeNull();
    expect(refusal(withAd, edit({ savedMethods: [] }))).toBe('p2pPayMethodNotSaved');
    expect(refusal(withAd, edit({ terms: terms({ payMethods: ['bank', 'alipay'] }) }))).toBe(
      'p2pPayMethodNotSaved',
    );
    const edited = play(withAd, edit());
    expect(edited.events).toEqual([
      { type: 'P2pAdEdited', at: START + 9, adId: 5, terms: terms({ minCents: 2_000n }) },
    ]);
    expect(adOf(edited.state, 5)).toEqual({ ...adOf(withAd, 5), minCents: 2_000n, updatedAt: START + 9 });
    // A buy ad's publisher pays takers: their saved methods do not matter.
    const buyAd = play(state, publish({ side: 'buy' })).state;
    expect(refusal(buyAd, edit({ savedMethods: [] }))).toBeNull();
    const off = play(withAd, {
      kind: 'p2pAdStatus',
      at: START + 3,
      userId: ALICE,
      adId: 5,
      status: 'off',
    }).state;
    expect(refusal(off, edit())).toBe('p2pAdEnded');
  });

  it('changes an ad’s status: nothing when unchanged, never back from off', () => {
    const withAd = play(state, publish()).state;
    const status = (s: 'open' | 'paused' | 'off', userId = ALICE, adId = 5): P2pCommand => ({
      kind: 'p2pAdStatus',
      at: START + 4,
      userId,
      adId,
      status: s,
    });
    expect(refusal(withAd, status('paused', BOB))).toBe('p2pAdNotFound');
    expect(refusal(withAd, status('paused', ALICE, 77))).toBe('p2pAdNotFound');
    expect(p2pPart.decide(withAd, status('open'))).toEqual({ ok: true, events: [], reply: 5 });
    const paused = play(withAd, status('paused'));
    expect(paused.events).toEqual([{ type: 'P2pAdStatusChanged', at: START + 4, adId: 5, status: 'paused' }]);
    expect(adOf(paused.state, 5)).toEqual({ ...adOf(withAd, 5), status: 'paused', updatedAt: START + 4 });
    const off = play(paused.state, status('off')).state;
    expect(refusal(off, status('open'))).toBe('p2pAdEnded');
  });
});

describe('opening an order', () => {
  let withAd: ExchangeState;
  beforeEach(() => {
    withAd = play(seeded(), publish()).state;
  });

  it('refuses unknown, paused, own ads and a second open order on the same ad', () => {
    expect(refusal(withAd, open(77))).toBe('p2pAdNotFound');
    const paused = play(withAd, {
      kind: 'p2pAdStatus',
      at: START + 1,
      userId: ALICE,
      adId: 5,
      status: 'paused',
    }).state;
    expect(refusal(paused, open(5))).toBe('p2pAdNotOpen');
    expect(refusal(withAd, open(5, { userId: ALICE }))).toBe('p2pOwnAd');
    const one = play(withAd, open(5)).state;
    expect(refusal(one, open(5))).toBe('p2pOpenOrderExists');
    // Another ad of the same merchant, or another buyer, may still be taken.
    expect(refusal(one, open(4))).toBeNull();
    expect(refusal(one, open(5, { userId: 10_099 }))).toBeNull();
    // Alice is the seller of order 1 on the merchant's buy ad: she has an open order on it.
    const sold = play(withAd, open(2, { userId: ALICE })).state;
    expect(refusal(sold, open(2, { userId: ALICE }))).toBe('p2pOpenOrderExists');
  });

  it('escrows the seller’s coins, records the lock and takes them off the ad', () => {
    const command = open(5);
    const decision = p2pPart.decide(withAd, command);
    const order: P2pOrder = {
      id: 1,
      adId: 5,
      merchantId: ALICE,
      buyerId: BOB,
      sellerId: ALICE,
      coin: 'USDT',
      currencyId: USDT,
      fiat: 'CNY',
      priceCents: PRICE,
      units: TEN,
      amountCents: amountForQuantity(TEN, PRICE),
      payMethods: ['bank'],
      payLimitMinutes: 15,
      state: 'unpaid',
      createdAt: START + 2,
      paidAt: null,
      finishedAt: null,
      delayed: false,
      disputedAt: null,
      disputeReason: null,
      disputeBy: null,
      voucher: '',
      reference: '123456',
      log: [{ at: START + 2, kind: 'opened', by: 'buyer' }],
    };
    expect(decision).toEqual({
      ok: true,
      events: [{ type: 'P2pOrderOpened', at: START + 2, order }],
      reply: 1,
    });
    const { state, events } = play(withAd, command);
    expect(p2pPart.postingsOf(withAd, events[0]!)).toEqual([
      { kind: 'user', userId: ALICE, account: 'legal', currencyId: USDT, available: -TEN, locked: TEN },
    ]);
    expect(legal(state, ALICE)).toEqual({ available: FUNDS - TEN, locked: TEN });
    expect(logsOf(state, ALICE).at(-1)).toEqual({
      id: withAd.wallet.nextLogId,
      account: 'legal',
      currencyId: USDT,
      before: FUNDS,
      value: -TEN,
      after: FUNDS - TEN,
      kind: 'p2pEscrow',
      detail: '',
      at: START + 2,
    });
    expect(logsOf(state, BOB)).toEqual(logsOf(withAd, BOB));
    expect(adOf(state, 5).leftUnits).toBe(90n * COIN);
    expect(p2pOf(state).nextOrderId).toBe(2);
    const second = p2pPart.decide(state, open(5, { userId: 10_099 }));
    expect(second.ok && second.reply).toBe(2);
  });

  it('a taker who sells escrows their own coins and is paid to their saved methods the ad accepts', () => {
    const decision = p2pPart.decide(withAd, open(2, { userId: ALICE, savedMethods: ['alipay', 'wxpay'] }));
    const opened = decision.ok ? (decision.events[0] as P2pEvent) : null;
    expect(opened?.type === 'P2pOrderOpened' && opened.order).toMatchObject({
      buyerId: MERCHANT,
      sellerId: ALICE,
      merchantId: MERCHANT,
      payMethods: ['alipay'],
      log: [{ at: START + 2, kind: 'opened', by: 'seller' }],
    });
    expect(refusal(withAd, open(2, { userId: ALICE, savedMethods: ['wxpay'] }))).toBe('p2pPayMethodNotSaved');
    // A taker who buys pays to every method of the ad, whatever they saved.
    const buy = p2pPart.decide(withAd, open(4, { savedMethods: [] }));
    const taken = buy.ok ? (buy.events[0] as P2pEvent) : null;
    expect(taken?.type === 'P2pOrderOpened' && taken.order.payMethods).toEqual(['bank', 'alipay']);
  });

  it('needs the seller’s free coins: exactly enough is enough', () => {
    // Alice published 100 and holds 1 000: she has it. A seller left with less is refused.
    const poorSeller = play(withAd, {
      kind: 'transfer',
      at: START + 1,
      userId: ALICE,
      currencyId: USDT,
      from: 'legal',
      to: 'change',
      units: FUNDS - TEN,
    } as unknown as P2pCommand).state;
    expect(refusal(poorSeller, open(5))).toBeNull();
    expect(refusal(poorSeller, open(5, { value: TEN + COIN }))).toBe('p2pSellerInsufficient');
    expect(p2pPart.decide(poorSeller, open(5, { value: TEN + COIN }))).toEqual({
      ok: false,
      error: 'p2pSellerInsufficient',
    });
    const poorTaker = play(withAd, {
      kind: 'transfer',
      at: START + 1,
      userId: ALICE,
      currencyId: USDT,
      from: 'legal',
      to: 'change',
      units: FUNDS - TEN,
    } as unknown as P2pCommand).state;
    expect(refusal(poorTaker, open(2, { userId: ALICE }))).toBeNull();
    expect(p2pPart.decide(poorTaker, open(2, { userId: ALICE, value: TEN + COIN }))).toEqual({
      ok: false,
      error: 'p2pInsufficient',
    });
  });

  it('checks the size against the ad: minimum, maximum and what is left', () => {
    expect(refusal(withAd, open(5, { value: 0n }))).toBe('p2pAmountInvalid');
    expect(refusal(withAd, open(5, { by: 'amount', value: 999n }))).toBe('p2pBelowMin');
    expect(refusal(withAd, open(5, { by: 'amount', value: 1_000n }))).toBeNull();
    expect(refusal(withAd, open(5, { value: 101n * COIN }))).toBe('p2pAboveLeft');
    const small = play(seeded(), publish({ terms: terms({ maxCents: 7_000n }) })).state;
    expect(refusal(small, open(5, { value: TEN + COIN / 100n }))).toBe('p2pAboveMax');
    const decision = p2pPart.decide(withAd, open(5, { by: 'amount', value: 1_001n }));
    const opened = decision.ok ? (decision.events[0] as P2pEvent) : null;
    expect(opened?.type === 'P2pOrderOpened' && opened.order).toMatchObject({
      units: quantityForAmount(1_001n, PRICE, P2P_COINS.USDT),
      amountCents: 1_001n,
    });
  });

  it('a floating ad is taken at the price of the moment, a fixed one at its own', () => {
    const floating = play(seeded(), publish({ terms: terms({ marginBps: 100 }) })).state;
    expect(refusal(floating, open(5, { priceCents: 0n }))).toBe('p2pPriceInvalid');
    const decision = p2pPart.decide(floating, open(5, { priceCents: 707n }));
    const opened = decision.ok ? (decision.events[0] as P2pEvent) : null;
    expect(opened?.type === 'P2pOrderOpened' && opened.order.priceCents).toBe(707n);
    const fixed = p2pPart.decide(withAd, open(5, { priceCents: 1n }));
    const taken = fixed.ok ? (fixed.events[0] as P2pEvent) : null;
    expect(taken?.type === 'P2pOrderOpened' && taken.order.priceCents).toBe(PRICE);
  });

  it('bars buying after three cancels today, and counts the buyer’s cancels and pay timeouts', () => {
    let state = withAd;
    for (let n = 0; n < BUYER_CANCELS_PER_DAY; n++) {
      const at = START + 10 + n * 10;
      state = play(state, open(5, { at })).state;
      const id = p2pOf(state).nextOrderId - 1;
      if (n < BUYER_CANCELS_PER_DAY - 1) {
        expect(refusal(state, open(4, { at: at + 1 }))).toBeNull();
        state = play(state, act(id, BOB, 'cancel', at + 2)).state;
      } else {
        // The last one times out unpaid.
        state = play(state, { kind: 'p2pAdvance', at: payDeadline(orderOf(state, id)) }).state;
      }
    }
    expect(p2pOf(state).buyerCancels.get(BOB)?.length).toBe(BUYER_CANCELS_PER_DAY);
    const at = START + 20 * MINUTE_MS;
    expect(refusal(state, open(5, { at }))).toBe('p2pCancelLimit');
    // Selling (a buy ad) is not barred.
    expect(refusal(state, open(2, { at }))).toBeNull();
  });
});

describe('acting on an order', () => {
  const paidAt = START + 60_000;
  let base: ExchangeState;
  let paid: { state: ExchangeState; events: P2pEvent[] };
  beforeEach(() => {
    base = bobBuysFromAlice();
    paid = play(base, act(1, BOB, 'pay', paidAt, { voucher: 'upload-1' }));
  });

  it('hides other people’s orders and refuses what the rules do not allow', () => {
    expect(refusal(base, act(9, BOB, 'pay', START + 3, { voucher: 'v' }))).toBe('p2pOrderNotFound');
    expect(refusal(base, act(1, 10_099, 'pay', START + 3, { voucher: 'v' }))).toBe('p2pOrderNotFound');
    expect(refusal(base, act(1, ALICE, 'pay', START + 3, { voucher: 'v' }))).toBe('p2pActionNotAllowed');
    expect(refusal(base, act(1, BOB, 'pay', START + 3))).toBe('p2pVoucherMissing');
    expect(refusal(base, act(1, BOB, 'release', START + 3))).toBe('p2pActionNotAllowed');
    expect(sideOf(orderOf(base, 1), BOB)).toBe('buyer');
    expect(sideOf(orderOf(base, 1), ALICE)).toBe('seller');
    expect(sideOf(orderOf(base, 1), 10_099)).toBeNull();
  });

  it('refuses an action the clock got to first (an unpaid order past its limit)', () => {
    const deadline = payDeadline(orderOf(base, 1));
    expect(refusal(base, act(1, BOB, 'pay', deadline - 1, { voucher: 'v' }))).toBeNull();
    expect(refusal(base, act(1, BOB, 'pay', deadline, { voucher: 'v' }))).toBe('p2pActionNotAllowed');
    expect(p2pDue(base, deadline - 1)).toBe(false);
    expect(p2pDue(base, deadline)).toBe(true);
  });

  it('paying records the voucher and the time, and moves no coins', () => {
    expect(paid.events).toEqual([
      {
        type: 'P2pOrderMoved',
        at: paidAt,
        orderId: 1,
        cause: 'pay',
        from: 'unpaid',
        to: 'paid',
        by: 'buyer',
        voucher: 'upload-1',
        reason: null,
      },
    ]);
    expect(p2pPart.postingsOf(base, paid.events[0]!)).toEqual([]);
    expect(orderOf(paid.state, 1)).toEqual({
      ...orderOf(base, 1),
      state: 'paid',
      paidAt,
      voucher: 'upload-1',
      log: [...orderOf(base, 1).log, { at: paidAt, kind: 'pay', by: 'buyer' }],
    });
    expect(paid.state.balances).toEqual(base.balances);
    expect(paid.state.wallet).toEqual(base.wallet);
  });

  it('a release pays the escrow to the buyer’s available coins, with the buyer’s record line', () => {
    const at = paidAt + 60_000;
    const { state, events } = play(paid.state, act(1, ALICE, 'release', at));
    expect(events[0]).toMatchObject({ cause: 'release', from: 'paid', to: 'completed', by: 'seller' });
    expect(p2pPart.postingsOf(paid.state, events[0]!)).toEqual([
      { kind: 'user', userId: ALICE, account: 'legal', currencyId: USDT, available: 0n, locked: -TEN },
      { kind: 'user', userId: BOB, account: 'legal', currencyId: USDT, available: TEN, locked: 0n },
    ]);
    expect(legal(state, ALICE)).toEqual({ available: FUNDS - TEN, locked: 0n });
    expect(legal(state, BOB)).toEqual({ available: FUNDS + TEN, locked: 0n });
    expect(logsOf(state, ALICE)).toEqual(logsOf(paid.state, ALICE));
    expect(logsOf(state, BOB).at(-1)).toEqual({
      id: paid.state.wallet.nextLogId,
      account: 'legal',
      currencyId: USDT,
      before: FUNDS,
      value: TEN,
      after: FUNDS + TEN,
      kind: 'p2pReceive',
      detail: '1',
      at,
    });
    expect(orderOf(state, 1)).toMatchObject({
      state: 'completed',
      finishedAt: at,
      paidAt,
      voucher: 'upload-1',
    });
    expect(adOf(state, 5).leftUnits).toBe(90n * COIN);
    expect(p2pOf(state).buyerCancels.size).toBe(0);
  });

  it('a buyer’s cancel refunds the seller, gives the coins back to the ad and counts against the buyer', () => {
    const at = START + 30_000;
    const { state, events } = play(base, act(1, BOB, 'cancel', at));
    expect(events[0]).toMatchObject({ cause: 'cancel', from: 'unpaid', to: 'cancelled', by: 'buyer' });
    expect(p2pPart.postingsOf(base, events[0]!)).toEqual([
      { kind: 'user', userId: ALICE, account: 'legal', currencyId: USDT, available: TEN, locked: -TEN },
    ]);
    expect(legal(state, ALICE)).toEqual({ available: FUNDS, locked: 0n });
    expect(logsOf(state, ALICE).at(-1)).toEqual({
      id: base.wallet.nextLogId,
      account: 'legal',
      currencyId: USDT,
      before: FUNDS - TEN,
      value: TEN,
      after: FUNDS,
      kind: 'p2pRefund',
      detail: '1',
      at,
    });
    expect(orderOf(state, 1)).toMatchObject({
      state: 'cancelled',
      finishedAt: at,
      paidAt: null,
      voucher: '',
    });
    expect(adOf(state, 5).leftUnits).toBe(100n * COIN);
    expect(p2pOf(state).buyerCancels.get(BOB)).toEqual([at]);
  });

  it('the seller may ask for time once, before the confirmation limit', () => {
    const due = paidAt + CONFIRM_LIMIT_MS;
    expect(refusal(paid.state, act(1, ALICE, 'delay', due))).toBe('p2pActionNotAllowed');
    const delayed = play(paid.state, act(1, ALICE, 'delay', due - 1));
    expect(delayed.events[0]).toMatchObject({ cause: 'delay', to: 'delayed', by: 'seller' });
    expect(orderOf(delayed.state, 1)).toMatchObject({ state: 'delayed', delayed: true, finishedAt: null });
    // The delay moved the confirmation limit on: the clock leaves the order alone until then.
    expect(p2pDue(delayed.state, due + DELAY_MS - 1)).toBe(false);
    const late = play(delayed.state, { kind: 'p2pAdvance', at: due + DELAY_MS });
    expect(late.events).toEqual([
      {
        type: 'P2pOrderMoved',
        at: due + DELAY_MS,
        orderId: 1,
        cause: 'confirmTimeout',
        from: 'delayed',
        to: 'disputed',
        by: 'clock',
        voucher: '',
        reason: 'timeout',
      },
    ]);
    expect(orderOf(late.state, 1)).toMatchObject({
      delayed: true,
      disputedAt: due + DELAY_MS,
      disputeBy: 'clock',
    });
  });

  it('a dispute opens after the wait, with a reason of the disputing side', () => {
    const opens = paidAt + DISPUTE_WAIT_MS;
    expect(refusal(paid.state, act(1, BOB, 'dispute', opens - 1, { reason: 'other' }))).toBe(
      'p2pDisputeTooEarly',
    );
    expect(refusal(paid.state, act(1, BOB, 'dispute', opens, { reason: 'notReceived' }))).toBe(
      'p2pReasonInvalid',
    );
    const disputed = play(paid.state, act(1, ALICE, 'dispute', opens, { reason: 'wrongAmount' }));
    expect(disputed.events).toEqual([
      {
        type: 'P2pOrderMoved',
        at: opens,
        orderId: 1,
        cause: 'dispute',
        from: 'paid',
        to: 'disputed',
        by: 'seller',
        voucher: '',
        reason: 'wrongAmount',
      },
    ]);
    expect(orderOf(disputed.state, 1)).toMatchObject({
      state: 'disputed',
      disputedAt: opens,
      disputeReason: 'wrongAmount',
      disputeBy: 'seller',
      voucher: 'upload-1',
      paidAt,
      finishedAt: null,
    });
    // The arbiter rules when due, by its written rule: short money refunds the seller.
    const due = opens + ARBITRATION_MS;
    expect(p2pDue(disputed.state, due - 1)).toBe(false);
    expect(play(disputed.state, { kind: 'p2pAdvance', at: due - 1 }).events).toEqual([]);
    const ruled = play(disputed.state, { kind: 'p2pAdvance', at: due });
    expect(arbiterRuling('wrongAmount')).toBe('arbiterRefund');
    expect(ruled.events).toEqual([
      {
        type: 'P2pOrderMoved',
        at: due,
        orderId: 1,
        cause: 'arbiterRefund',
        from: 'disputed',
        to: 'abnormal',
        by: 'arbiter',
        voucher: '',
        reason: null,
      },
    ]);
    expect(legal(ruled.state, ALICE)).toEqual({ available: FUNDS, locked: 0n });
    expect(adOf(ruled.state, 5).leftUnits).toBe(100n * COIN);
    expect(orderOf(ruled.state, 1)).toMatchObject({
      state: 'abnormal',
      finishedAt: due,
      disputeReason: 'wrongAmount',
      disputeBy: 'seller',
      disputedAt: opens,
    });
    // An abnormal end is not the buyer's cancel.
    expect(p2pOf(ruled.state).buyerCancels.size).toBe(0);
    // The buyer's dispute is released to them.
    const buyer = play(paid.state, act(1, BOB, 'dispute', opens, { reason: 'notReleased' })).state;
    const released = play(buyer, { kind: 'p2pAdvance', at: due });
    expect(released.events[0]).toMatchObject({ cause: 'arbiterRelease', to: 'completed', by: 'arbiter' });
    expect(legal(released.state, BOB).available).toBe(FUNDS + TEN);
  });

  it('the clock cancels an unpaid order at its limit and sends an unconfirmed one to the arbiter', () => {
    const deadline = payDeadline(orderOf(base, 1));
    expect(play(base, { kind: 'p2pAdvance', at: deadline - 1 }).events).toEqual([]);
    const timedOut = play(base, { kind: 'p2pAdvance', at: deadline });
    expect(timedOut.events).toEqual([
      {
        type: 'P2pOrderMoved',
        at: deadline,
        orderId: 1,
        cause: 'payTimeout',
        from: 'unpaid',
        to: 'cancelled',
        by: 'clock',
        voucher: '',
        reason: null,
      },
    ]);
    expect(p2pOf(timedOut.state).buyerCancels.get(BOB)).toEqual([deadline]);
    const confirmDue = paidAt + CONFIRM_LIMIT_MS;
    expect(play(paid.state, { kind: 'p2pAdvance', at: confirmDue - 1 }).events).toEqual([]);
    const sent = play(paid.state, { kind: 'p2pAdvance', at: confirmDue });
    expect(sent.events[0]).toMatchObject({
      cause: 'confirmTimeout',
      to: 'disputed',
      by: 'clock',
      reason: 'timeout',
    });
    // Ended orders: nothing more is due.
    expect(p2pDue(timedOut.state, deadline + 10 * ARBITRATION_MS)).toBe(false);
  });
});

describe('simulated merchants', () => {
  /** The first opening time from `from` on at which the merchant's plan for order 1 is `wanted`. */
  function whenPlan(
    make: (at: number) => ExchangeState,
    merchantIsSeller: boolean,
    wanted: (state: ExchangeState) => boolean,
  ): ExchangeState {
    for (let k = 0; k < 500; k++) {
      const state = make(START + 1_000 + k);
      if (wanted(state)) return state;
    }
    throw new Error(`no opening time gives that plan (merchant is seller: ${merchantIsSeller})`);
  }

  it('a merchant buyer pays on its plan with a simulated voucher, before the payment limit', () => {
    const state = whenPlan(
      (at) => play(seeded(), open(2, { userId: ALICE, at })).state,
      false,
      (s) => merchantStep(orderOf(s, 1), false) !== null,
    );
    const order = orderOf(state, 1);
    const plan = merchantStep(order, false)!;
    expect(plan.at < payDeadline(order)).toBe(true);
    expect(p2pDue(state, plan.at - 1)).toBe(false);
    expect(play(state, { kind: 'p2pAdvance', at: plan.at - 1 }).events).toEqual([]);
    const paid = play(state, { kind: 'p2pAdvance', at: plan.at });
    expect(paid.events).toEqual([
      {
        type: 'P2pOrderMoved',
        at: plan.at,
        orderId: 1,
        cause: 'pay',
        from: 'unpaid',
        to: 'paid',
        by: 'buyer',
        voucher: SIM_VOUCHER,
        reason: null,
      },
    ]);
    // A late pass still plays the planned payment first (planned before the limit).
    const late = play(state, { kind: 'p2pAdvance', at: payDeadline(order) + 1 });
    expect(late.events[0]).toMatchObject({ cause: 'pay', by: 'buyer', voucher: SIM_VOUCHER });
    expect(orderOf(late.state, 1).paidAt).toBe(payDeadline(order) + 1);
  });

  it('a merchant buyer that never pays is cancelled by the clock, and not counted as a buyer’s cancel', () => {
    const state = whenPlan(
      (at) => play(seeded(), open(2, { userId: ALICE, at })).state,
      false,
      (s) => merchantStep(orderOf(s, 1), false) === null,
    );
    const deadline = payDeadline(orderOf(state, 1));
    const { events, state: after } = play(state, { kind: 'p2pAdvance', at: deadline });
    expect(events[0]).toMatchObject({ cause: 'payTimeout', to: 'cancelled', by: 'clock' });
    expect(p2pOf(after).buyerCancels.size).toBe(0);
    expect(legal(after, ALICE)).toEqual({ available: FUNDS, locked: 0n });
  });

  it('a merchant seller releases on its plan after the buyer paid', () => {
    const state = whenPlan(
      (at) => play(play(seeded(), open(4, { at })).state, act(1, BOB, 'pay', at + 1, { voucher: 'v' })).state,
      true,
      (s) => merchantStep(orderOf(s, 1), true)?.cause === 'release',
    );
    const plan = merchantStep(orderOf(state, 1), true)!;
    expect(play(state, { kind: 'p2pAdvance', at: plan.at - 1 }).events).toEqual([]);
    const { events, state: after } = play(state, { kind: 'p2pAdvance', at: plan.at });
    expect(events).toEqual([
      {
        type: 'P2pOrderMoved',
        at: plan.at,
        orderId: 1,
        cause: 'release',
        from: 'paid',
        to: 'completed',
        by: 'seller',
        voucher: '',
        reason: null,
      },
    ]);
    expect(legal(after, BOB).available).toBe(FUNDS + TEN);
    expect(legal(after, MERCHANT)).toEqual({ available: FUNDS - TEN, locked: 0n });
  });

  it('a merchant seller’s dispute names its reason, and its planned step never overtakes the limit', () => {
    const disputing = whenPlan(
      (at) => play(play(seeded(), open(4, { at })).state, act(1, BOB, 'pay', at + 1, { voucher: 'v' })).state,
      true,
      (s) => merchantStep(orderOf(s, 1), true)?.cause === 'dispute',
    );
    const plan = merchantStep(orderOf(disputing, 1), true)!;
    const { events } = play(disputing, { kind: 'p2pAdvance', at: plan.at });
    expect(events[0]).toMatchObject({ cause: 'dispute', by: 'seller', reason: 'notReceived', voucher: '' });
    // A merchant that never answers: the confirmation limit sends the order to the arbiter.
    const silent = whenPlan(
      (at) => play(play(seeded(), open(4, { at })).state, act(1, BOB, 'pay', at + 1, { voucher: 'v' })).state,
      true,
      (s) => merchantStep(orderOf(s, 1), true) === null,
    );
    const paidAt = orderOf(silent, 1).paidAt!;
    expect(play(silent, { kind: 'p2pAdvance', at: paidAt + CONFIRM_LIMIT_MS - 1 }).events).toEqual([]);
    const sent = play(silent, { kind: 'p2pAdvance', at: paidAt + CONFIRM_LIMIT_MS });
    expect(sent.events[0]).toMatchObject({ cause: 'confirmTimeout', by: 'clock', reason: 'timeout' });
  });

  it('a merchant seller that asked for time releases at its planned time, after the first limit', () => {
    const delaying = whenPlan(
      (at) => play(play(seeded(), open(4, { at })).state, act(1, BOB, 'pay', at + 1, { voucher: 'v' })).state,
      true,
      (s) => merchantStep(orderOf(s, 1), true)?.cause === 'delay',
    );
    const delay = merchantStep(orderOf(delaying, 1), true)!;
    const delayed = play(delaying, { kind: 'p2pAdvance', at: delay.at });
    expect(delayed.events[0]).toMatchObject({ cause: 'delay', to: 'delayed', by: 'seller' });
    const release = merchantStep(orderOf(delayed.state, 1), true)!;
    const paidAt = orderOf(delayed.state, 1).paidAt!;
    // Planned beyond the first limit, within the delayed one.
    expect(release.at > paidAt + CONFIRM_LIMIT_MS && release.at < paidAt + CONFIRM_LIMIT_MS + DELAY_MS).toBe(
      true,
    );
    const released = play(delayed.state, { kind: 'p2pAdvance', at: release.at });
    expect(released.events[0]).toMatchObject({
      cause: 'release',
      from: 'delayed',
      to: 'completed',
      by: 'seller',
    });
  });
});

describe('a merchant’s step against the limit', () => {
  /** A seeded merchant buy ad whose orders must be paid within one minute. */
  const HURRIED = { ...merchantAd(6, 'buy'), payLimitMinutes: 1 };
  const hurriedSeed = { ...SEED, ads: [...SEED.ads, HURRIED] };

  function openedWithPlan(minutesAfterOpening: number): ExchangeState {
    for (let k = 0; k < 2_000; k++) {
      const at = START + 1_000 + k;
      const state = play(play(aggregate.initial(), hurriedSeed).state, open(6, { userId: ALICE, at })).state;
      const plan = merchantStep(orderOf(state, 1), false);
      if (plan && plan.at - at === minutesAfterOpening * MINUTE_MS) return state;
    }
    throw new Error(`no opening time plans a payment ${minutesAfterOpening} min after opening`);
  }

  it('a payment planned at the limit loses to it: the clock cancels', () => {
    const state = openedWithPlan(1);
    const order = orderOf(state, 1);
    expect(merchantStep(order, false)!.at).toBe(payDeadline(order));
    const { events } = play(state, { kind: 'p2pAdvance', at: payDeadline(order) });
    expect(events).toEqual([
      {
        type: 'P2pOrderMoved',
        at: payDeadline(order),
        orderId: 1,
        cause: 'payTimeout',
        from: 'unpaid',
        to: 'cancelled',
        by: 'clock',
        voucher: '',
        reason: null,
      },
    ]);
  });

  it('a payment planned after the limit never happens', () => {
    const state = openedWithPlan(2);
    const order = orderOf(state, 1);
    const plan = merchantStep(order, false)!;
    expect(plan.at > payDeadline(order)).toBe(true);
    const { events } = play(state, { kind: 'p2pAdvance', at: plan.at });
    expect(events[0]).toMatchObject({ cause: 'payTimeout', by: 'clock' });
  });
});

describe('evolving events of unknown ads and orders', () => {
  it('changes nothing and posts nothing', () => {
    const state = bobBuysFromAlice();
    const events: P2pEvent[] = [
      { type: 'P2pAdEdited', at: 1, adId: 77, terms: terms() },
      { type: 'P2pAdStatusChanged', at: 1, adId: 77, status: 'off' },
      {
        type: 'P2pOrderMoved',
        at: 1,
        orderId: 77,
        cause: 'cancel',
        from: 'unpaid',
        to: 'cancelled',
        by: 'buyer',
        voucher: '',
        reason: null,
      },
    ];
    for (const event of events) {
      expect(p2pPart.postingsOf(state, event)).toEqual([]);
      const after = p2pPart.evolve(state, event);
      expect(after.balances).toEqual(state.balances);
      expect(p2pOf(after).ads).toEqual(p2pOf(state).ads);
      expect(p2pOf(after).orders).toEqual(p2pOf(state).orders);
      expect(after.wallet).toEqual(state.wallet);
    }
  });

  it('an order of an ad the log no longer knows still escrows and ends, leaving the ads alone', () => {
    const state = bobBuysFromAlice();
    const order = { ...orderOf(state, 1), id: 2, adId: 77 };
    const openedEvent: P2pEvent = { type: 'P2pOrderOpened', at: START + 5, order };
    const opened = p2pPart.evolve(state, openedEvent);
    expect(p2pOf(opened).ads).toEqual(p2pOf(state).ads);
    expect(orderOf(opened, 2).adId).toBe(77);
    const cancelledEvent: P2pEvent = {
      type: 'P2pOrderMoved',
      at: START + 6,
      orderId: 2,
      cause: 'cancel',
      from: 'unpaid',
      to: 'cancelled',
      by: 'buyer',
      voucher: '',
      reason: null,
    };
    const cancelled = p2pPart.evolve(opened, cancelledEvent);
    expect(p2pOf(cancelled).ads).toEqual(p2pOf(state).ads);
    expect(orderOf(cancelled, 2).state).toBe('cancelled');
    expect(legal(cancelled, ALICE)).toEqual(legal(state, ALICE));
  });
});
