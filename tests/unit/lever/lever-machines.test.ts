import fc from 'fast-check';
import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createActor, fromEventObservable, fromPromise, toPromise, waitFor, type EventObject } from 'xstate';
import type { ApiClient } from '../../../src/api/client.ts';
import { leverActors } from '../../../src/machines/actors/lever.ts';
import type { ChannelSource } from '../../../src/streams/market.ts';
import {
  leverOrderMachine,
  leverPriceWarning,
  submitPayload,
  type LeverSubmit,
} from '../../../src/machines/lever-order.machine.ts';
import {
  belongsOn,
  foldPosition,
  LEVER_PAGE_SIZE,
  leverPositionsMachine,
  type LeverLists,
  type LeverListsRequest,
  type LeverPage,
  type LeverPagedTab,
  type LeverPosition,
} from '../../../src/machines/lever-positions.machine.ts';
import { leverScreenMachine, newerPositions } from '../../../src/machines/lever-screen.machine.ts';
import { leverMarkSummary, type LeverTerms } from '../../../src/machines/lever-terms.ts';
import { LEVER_TERMS } from '../machines/order-form-terms.ts';
import { declaredStates, fold, stateName, walk } from '../machines/walk-kit.ts';

function position(id: number, status: 0 | 1 | 2 | 3 | 4, extra: Partial<LeverPosition> = {}): LeverPosition {
  return {
    id,
    currency_match_id: 1,
    type: 1,
    type_name: 'long',
    symbol: 'BTC/USDT',
    base_currency_id: 2,
    quote_currency_id: 1,
    share: '2',
    number: '0.02',
    multiple: 10,
    price: '100.10',
    origin_price: '100',
    update_price: '100',
    target_price: '0',
    target_profit_price: '0',
    stop_loss_price: '0',
    origin_caution_money: '0.2002',
    caution_money: '0.2002',
    trade_fee: '0.002',
    overnight_money: '0',
    profits: '0',
    liquidation_price: '0',
    status,
    close_reason: status === 3 ? 1 : 0,
    open_trade: null,
    close_trade: null,
    created_at: 0,
    time: '2026-01-01 00:00:00',
    closed_at: 0,
    ...extra,
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const NO_TOTALS: LeverLists['totals'] = { delegation: 0, all: 0, pending: 0, closed: 0 };

describe('lever order form machine', () => {
  it('reaches every state by its shortest paths, and confirms only a valid order', () => {
    const events = [
      { type: 'xstate.done.actor.0.leverOrder.loading', output: LEVER_TERMS },
      { type: 'xstate.error.actor.0.leverOrder.loading', error: new Error('down') },
      { type: 'xstate.done.actor.0.leverOrder.refreshing', output: LEVER_TERMS },
      { type: 'xstate.error.actor.0.leverOrder.refreshing', error: new Error('down') },
      { type: 'xstate.done.actor.0.leverOrder.submitting', output: position(1, 1) },
      { type: 'xstate.error.actor.0.leverOrder.submitting', error: new Error('code 0') },
      { type: 'LAST', price: '100' },
      { type: 'LOTS', text: '2' },
      { type: 'LOTS', text: '500' },
      { type: 'SUBMIT', side: 'long' },
      { type: 'CONFIRM' },
      { type: 'CANCEL' },
      { type: 'REFRESH' },
    ] as const;
    const result = walk(leverOrderMachine, {
      input: { matchId: 1, decimalComma: false },
      events: [...events],
    });
    expect([...result.reached].sort()).toEqual(declaredStates(leverOrderMachine));
    expect(result.unsupplied).toEqual([]);
    for (const path of result.paths) {
      if (!path.state.matches('confirming')) continue;
      expect(path.state.context.lots).toBe('2');
      expect(path.state.context.pending?.quote.bond).toBe('0.4004');
    }
    expect(result.route((s) => s.matches('submitting'))).toEqual([
      'xstate.init',
      'xstate.done.actor.0.leverOrder.loading',
      'LAST',
      'LOTS',
      'SUBMIT',
      'CONFIRM',
    ]);
  });

  it("warns beside a fixed price further from the last price than the pair's lever band, both ways, and still lets it go", async () => {
    const actor = createActor(
      leverOrderMachine.provide({
        actors: {
          loadTerms: fromPromise(async (): Promise<LeverTerms> => ({ ...LEVER_TERMS, priceBandPercent: 20 })),
        },
      }),
      { input: { matchId: 1, decimalComma: false } },
    ).start();
    await waitFor(actor, (s) => s.matches('editing'));
    const warning = () => leverPriceWarning(actor.getSnapshot().context);
    actor.send({ type: 'MODE', mode: 'fixed' });
    actor.send({ type: 'PRICE', text: '3' });
    // No last price yet: nothing to measure from.
    expect(warning()).toBeNull();
    actor.send({ type: 'LAST', price: '100' });
    expect(warning()).toEqual({ verdict: 'below', low: '80.00', high: '120.00' });
    actor.send({ type: 'PRICE', text: '79.99' });
    expect(warning()?.verdict).toBe('below');
    actor.send({ type: 'PRICE', text: '80' });
    expect(warning()).toBeNull();
    actor.send({ type: 'PRICE', text: '120' });
    expect(warning()).toBeNull();
    actor.send({ type: 'PRICE', text: '120.01' });
    expect(warning()?.verdict).toBe('above');
    actor.send({ type: 'PRICE', text: 'abc' });
    expect(warning()).toBeNull();
    // The warning does not stop the order: a long 3 USDT below reaches the confirm, the server refuses it.
    actor.send({ type: 'PRICE', text: '3' });
    actor.send({ type: 'LOTS', text: '1' });
    actor.send({ type: 'SUBMIT', side: 'long' });
    expect(actor.getSnapshot().matches('confirming')).toBe(true);
    // At market there is no typed price to warn of.
    const plain = createActor(
      leverOrderMachine.provide({ actors: { loadTerms: fromPromise(async () => LEVER_TERMS) } }),
      { input: { matchId: 1, decimalComma: false } },
    ).start();
    await waitFor(plain, (s) => s.matches('editing'));
    plain.send({ type: 'LAST', price: '100' });
    plain.send({ type: 'MODE', mode: 'fixed' });
    plain.send({ type: 'PRICE', text: '3' });
    expect(leverPriceWarning(plain.getSnapshot().context)).toBeNull();
  });

  it('refuses bad lots and stops on the wrong side with a message, keeping the text', async () => {
    const actor = createActor(
      leverOrderMachine.provide({ actors: { loadTerms: fromPromise(async () => LEVER_TERMS) } }),
      { input: { matchId: 1, decimalComma: true } },
    ).start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'LAST', price: '100' });
    actor.send({ type: 'LOTS', text: '1,5' });
    expect(actor.getSnapshot().context.problems.lots).toEqual({ kind: 'tooManyDecimals', max: 0 });
    expect(actor.getSnapshot().context.lots).toBe('1,5');
    actor.send({ type: 'LOTS', text: '500' });
    actor.send({ type: 'SUBMIT', side: 'long' });
    expect(actor.getSnapshot().context.problems.lots).toEqual({ kind: 'lotsRange', min: 1, max: 100 });
    actor.send({ type: 'LOTS', text: '2' });
    actor.send({ type: 'TP', text: '99,5' });
    actor.send({ type: 'SL', text: 'x' });
    actor.send({ type: 'SUBMIT', side: 'long' });
    const { problems } = actor.getSnapshot().context;
    expect(problems.tp).toEqual({ kind: 'tpSide', side: 'long' });
    expect(problems.sl).toEqual({ kind: 'notNumber' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    // A short's take-profit below: the same typed comma reads 99.5.
    actor.send({ type: 'SL', text: '' });
    actor.send({ type: 'SUBMIT', side: 'short' });
    expect(actor.getSnapshot().matches('confirming')).toBe(true);
    expect(actor.getSnapshot().context.pending?.tp).toBe('99.5');
  });

  it('sends a fixed-price order with exactly the typed price, and refuses one on the wrong side', async () => {
    const sent: LeverSubmit[] = [];
    const actor = createActor(
      leverOrderMachine.provide({
        actors: {
          loadTerms: fromPromise(async () => LEVER_TERMS),
          submit: fromPromise<LeverPosition, LeverSubmit>(async ({ input }) => {
            sent.push(input);
            return position(7, 0);
          }),
        },
      }),
      { input: { matchId: 1, decimalComma: false } },
    ).start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'LAST', price: '100' });
    actor.send({ type: 'MODE', mode: 'fixed' });
    actor.send({ type: 'PRICE', text: '99.50' });
    actor.send({ type: 'LOTS', text: '3' });
    actor.send({ type: 'SUBMIT', side: 'short' });
    expect(actor.getSnapshot().context.problems.price).toEqual({ kind: 'priceSide', side: 'short' });
    actor.send({ type: 'SUBMIT', side: 'long' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(sent).toHaveLength(1);
    expect(submitPayload(sent[0]!)).toEqual({
      share: 3,
      multiple: 5,
      currency_match_id: 1,
      type: 1,
      status: 0,
      target_price: '99.50',
    });
  });
});

describe('lever positions machine', () => {
  const dialogEvent = fc.constantFrom<EventObject & Record<string, unknown>>(
    { type: 'CLOSE', id: 1 },
    { type: 'CANCEL_ORDER', id: 2 },
    { type: 'CLOSE_ALL', which: 'all' },
    { type: 'WHICH', which: 'longs' },
    { type: 'STOP', id: 1 },
    { type: 'STOP', id: 99 },
    { type: 'CONFIRM' },
    { type: 'DISMISS' },
    { type: 'TAB', tab: 'pending' },
    { type: 'xstate.done.actor.0.leverPositions.dialog.acting', output: [position(1, 3)] },
    { type: 'xstate.done.actor.tpSl', output: { saved: position(1, 1, { target_profit_price: '120' }) } },
    { type: 'xstate.done.actor.tpSl', output: { saved: null } },
    { type: 'xstate.error.actor.0.leverPositions.dialog.acting', error: new Error('code 0') },
  );

  it('keeps one dialog at a time, each with its subject; the stops dialog only for an open position', () => {
    const lists: LeverLists = {
      open: [position(1, 1)],
      paged: { tab: 'delegation', rows: [position(2, 0), position(1, 1)], total: 2 },
      totals: { delegation: 2, all: 1, pending: 1, closed: 0 },
    };
    fc.assert(
      fc.property(fc.array(dialogEvent, { maxLength: 30 }), (events) => {
        const { steps } = fold(leverPositionsMachine, { matchId: 1, priceDecimals: 2, decimalComma: false }, [
          { type: 'xstate.done.actor.0.leverPositions.lists.loading', output: lists },
          { type: 'LAST', price: '100' },
          ...(events as never[]),
        ]);
        for (const step of steps) {
          const { context } = step.after;
          const name = stateName(step.after.value);
          expect(context.ask !== null).toBe(/dialog\.(asking|acting)/.test(name));
          expect(context.stopId !== null).toBe(/dialog\.stop/.test(name));
          if (/dialog\.stop/.test(name))
            expect(context.open.some((row) => row.id === context.stopId)).toBe(true);
          // A saved stop is reported to the screen; a dismissed dialog reports nothing.
          if (
            step.event.type === 'xstate.done.actor.tpSl' &&
            /dialog\.stop/.test(stateName(step.before.value))
          ) {
            const saved = (step.event as { output: { saved: LeverPosition | null } }).output.saved;
            expect(step.effects.some((effect) => effect.type === 'xstate.emit')).toBe(saved !== null);
          }
        }
      }),
    );
  });
});

/** The screen with stub lists and terms, fed the pushes given. */
function screenWithPushes(pushes: Subject<EventObject & Record<string, unknown>>) {
  return leverScreenMachine.provide({
    actors: {
      form: leverOrderMachine.provide({ actors: { loadTerms: fromPromise(async () => LEVER_TERMS) } }),
      positions: leverPositionsMachine.provide({
        actors: {
          loadLists: fromPromise(async (): Promise<LeverLists> => ({
            open: [],
            paged: null,
            totals: NO_TOTALS,
          })),
        },
      }),
      pushes: fromEventObservable(() => pushes as never),
    },
  });
}

describe('lever screen machine', () => {
  it('folds each state of a position once: a push of a state already folded is not folded again', async () => {
    const pushes = new Subject<EventObject & Record<string, unknown>>();
    let positionEvents = 0;
    const machine = leverScreenMachine.provide({
      actors: {
        form: leverOrderMachine.provide({ actors: { loadTerms: fromPromise(async () => LEVER_TERMS) } }),
        positions: leverPositionsMachine.provide({
          actors: {
            loadLists: fromPromise(async (): Promise<LeverLists> => ({
              open: [],
              paged: null,
              totals: NO_TOTALS,
            })),
          },
        }),
        pushes: fromEventObservable(() => pushes as never),
      },
    });
    const actor = createActor(machine, {
      input: { pair: { matchId: 1, quoteCurrencyId: 1, priceDecimals: 2 }, signedIn: true },
      inspect: (event) => {
        if (event.type === '@xstate.event' && event.event.type === 'POSITION') positionEvents += 1;
      },
    }).start();
    await flush();
    const account = { currency_id: 1, hazard_rate: '500', profits_all: '0', caution_money_all: '0.2' };
    pushes.next({ type: 'TRADED', account, positions: [position(1, 1)] });
    pushes.next({ type: 'TRADED', account, positions: [position(1, 1, { profits: '0.5' })] });
    expect(positionEvents).toBe(1);
    // A new stop is a new state; the same stop again is not.
    pushes.next({ type: 'TRADED', account, positions: [position(1, 1, { stop_loss_price: '90' })] });
    pushes.next({ type: 'TRADED', account, positions: [position(1, 1, { stop_loss_price: '90' })] });
    expect(positionEvents).toBe(2);
    pushes.next({ type: 'CLOSED', positions: [position(1, 3)] });
    pushes.next({ type: 'CLOSED', positions: [position(1, 3)] });
    // A late copy of the open state never puts the closed position back.
    pushes.next({ type: 'TRADED', account, positions: [position(1, 1)] });
    expect(positionEvents).toBe(3);
    const panel = actor.getSnapshot().context.positions.getSnapshot().context;
    expect(panel.open).toEqual([]);
    expect(panel.paged.closed.rows.map((row) => row.id)).toEqual([1]);
    expect(panel.paged.closed.total).toBe(1);
    // The delegation view keeps the order with its outcome.
    expect(panel.paged.delegation.rows.map((row) => [row.id, row.status])).toEqual([[1, 3]]);
    // The late push counted the closed position: its figures do not come back either.
    expect(actor.getSnapshot().context.live?.account).toEqual({
      ...account,
      hazard_rate: '0',
      profits_all: '0',
      caution_money_all: '0',
    });
    actor.stop();
  });

  it('after the last position the push counted closes, the account shows no margin in use and no PnL', async () => {
    const pushes = new Subject<EventObject & Record<string, unknown>>();
    const actor = createActor(screenWithPushes(pushes), {
      input: { pair: { matchId: 1, quoteCurrencyId: 1, priceDecimals: 2 }, signedIn: true },
    }).start();
    await flush();
    const account = {
      currency_id: 1,
      hazard_rate: '1155.01',
      profits_all: '-3.5',
      caution_money_all: '356.6608',
    };
    const live = () => actor.getSnapshot().context.live?.account;
    // Two open positions: one closes and the other is still counted; the next push brings the figures.
    pushes.next({ type: 'TRADED', account, positions: [position(1, 1), position(2, 1)] });
    pushes.next({ type: 'CLOSED', positions: [position(1, 3)] });
    expect(live()).toEqual(account);
    const one = { ...account, profits_all: '-1.5', caution_money_all: '178.3304' };
    pushes.next({ type: 'TRADED', account: one, positions: [position(2, 1)] });
    expect(live()).toEqual(one);
    // Close all: no LEVER_TRADE follows for a currency with nothing open, so nothing is left counted.
    pushes.next({ type: 'CLOSED', positions: [position(2, 3)] });
    expect(live()).toMatchObject({ caution_money_all: '0', profits_all: '0' });
    const { form, positions } = actor.getSnapshot().context;
    const summary = leverMarkSummary(
      positions.getSnapshot().context.open,
      '100',
      live() ?? null,
      form.getSnapshot().context.terms?.balance ?? '0',
    );
    expect([summary.bonds, summary.total]).toEqual([0n, 0n]);
    // A new position counts again.
    pushes.next({ type: 'TRADED', account, positions: [position(3, 1)] });
    expect(live()).toEqual(account);
    actor.stop();
  });

  it('pages the open positions on the client (no load); other tabs load their page; LAST keeps the lists', async () => {
    const open = Array.from({ length: 25 }, (_, index) => position(100 - index, 1));
    const asked: number[] = [];
    const actor = createActor(
      leverPositionsMachine.provide({
        actors: {
          loadLists: fromPromise(async ({ input }: { input: LeverListsRequest }): Promise<LeverLists> => {
            asked.push(input.page);
            return { open, paged: null, totals: { ...NO_TOTALS, all: open.length } };
          }),
        },
      }),
      { input: { matchId: 1, priceDecimals: 2, decimalComma: false } },
    ).start();
    await flush();
    actor.send({ type: 'TAB', tab: 'open' });
    await flush();
    const loads = asked.length;
    const before = actor.getSnapshot().context;
    actor.send({ type: 'PAGE', page: 3 });
    expect(actor.getSnapshot().context.openPage).toBe(3);
    expect(actor.getSnapshot().matches({ lists: 'idle' })).toBe(true);
    // A new last price leaves every list as it was (the panel selects them, and must not re-render).
    actor.send({ type: 'LAST', price: '101' });
    const after = actor.getSnapshot().context;
    expect(after.open).toBe(before.open);
    expect(after.paged).toBe(before.paged);
    await flush();
    expect(asked.length).toBe(loads);
    actor.send({ type: 'TAB', tab: 'closed' });
    await flush();
    actor.send({ type: 'PAGE', page: 2 });
    await flush();
    expect(asked.at(-1)).toBe(2);
    expect(actor.getSnapshot().context.openPage).toBe(3);
    actor.stop();
  });

  it('newerPositions never folds an equal or older copy (random orders of one position’s states)', () => {
    const states = [
      position(5, 0),
      position(5, 1),
      position(5, 1, { target_profit_price: '130' }),
      position(5, 3),
    ];
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 20 }), (order) => {
        let folded = new Map() as ReturnType<typeof newerPositions>['folded'];
        let ended = false;
        for (const index of order) {
          const result = newerPositions(folded, [states[index]!]);
          if (ended) expect(result.fresh).toEqual([]);
          if (result.fresh.length > 0 && index === 3) ended = true;
          const again = newerPositions(result.folded, [states[index]!]);
          expect(again.fresh).toEqual([]);
          folded = result.folded;
        }
      }),
    );
  });
});

describe('lever history tabs', () => {
  it('folding random position states keeps every page to its tab, without duplicates, within its size', () => {
    const state = fc.record({
      id: fc.integer({ min: 1, max: 14 }),
      status: fc.constantFrom<0 | 1 | 2 | 3 | 4>(0, 1, 2, 3, 4),
      pair: fc.constantFrom(1, 2),
    });
    fc.assert(
      fc.property(fc.array(state, { maxLength: 60 }), fc.integer({ min: 1, max: 2 }), (states, page) => {
        const empty: LeverPage = { rows: [], page, total: 0 };
        let lists = {
          matchId: 1,
          open: [] as LeverPosition[],
          paged: { delegation: empty, all: empty, pending: empty, closed: empty },
        };
        for (const each of states) {
          const row = position(each.id, each.status, { currency_match_id: each.pair });
          lists = { ...lists, ...foldPosition(lists, row) };
          for (const tab of ['delegation', 'all', 'pending', 'closed'] as const) {
            const { rows, total } = lists.paged[tab];
            expect(rows.every((each) => belongsOn(tab, each, 1))).toBe(true);
            expect(new Set(rows.map((each) => each.id)).size).toBe(rows.length);
            expect(rows.length).toBeLessThanOrEqual(LEVER_PAGE_SIZE);
            expect(total).toBeGreaterThanOrEqual(rows.length);
            // The latest state of a position that belongs here is shown on page 1.
            if (page === 1 && belongsOn(tab, row, 1))
              expect(rows[0] === row || rows.includes(row)).toBe(true);
          }
          expect(lists.open.every((each) => belongsOn('open', each, 1))).toBe(true);
        }
      }),
    );
  });

  it('delegation keeps every order on the pair whatever its status; all positions are the open ones on any pair', () => {
    const cancelled = position(1, 4);
    const otherPair = position(2, 1, { currency_match_id: 2 });
    expect(belongsOn('delegation', cancelled, 1)).toBe(true);
    expect(belongsOn('delegation', otherPair, 1)).toBe(false);
    expect(belongsOn('all', otherPair, 1)).toBe(true);
    expect(belongsOn('open', otherPair, 1)).toBe(false);
    expect(belongsOn('pending', position(3, 0), 1)).toBe(true);
    expect(belongsOn('closed', position(3, 3), 1)).toBe(true);
    expect(belongsOn('closed', cancelled, 1)).toBe(false);
  });
});

describe('lever tab counts', () => {
  it('every tab counts its rows from the first load, and again after an action moved rows between tabs', async () => {
    // The server's rows: two open positions, two pending orders, seven closed positions.
    let rows = [
      ...[1, 2].map((id) => position(id, 1)),
      ...[3, 4].map((id) => position(id, 0)),
      ...[5, 6, 7, 8, 9, 10, 11].map((id) => position(id, 3)),
    ];
    const tabRows = (tab: LeverPagedTab) => rows.filter((row) => belongsOn(tab, row, 1));
    const actor = createActor(
      leverPositionsMachine.provide({
        actors: {
          loadLists: fromPromise(async ({ input }: { input: LeverListsRequest }): Promise<LeverLists> => {
            const tabs: LeverPagedTab[] = ['delegation', 'all', 'pending', 'closed'];
            const totals = Object.fromEntries(tabs.map((tab) => [tab, tabRows(tab).length]));
            return {
              open: rows.filter((row) => belongsOn('open', row, 1)),
              paged:
                input.tab === 'open'
                  ? null
                  : { tab: input.tab, rows: tabRows(input.tab), total: tabRows(input.tab).length },
              totals: totals as LeverLists['totals'],
            };
          }),
          act: fromPromise(async (): Promise<LeverPosition[]> => {
            const ended = rows
              .filter((row) => row.status === 1)
              .map((row) => ({ ...row, status: 3 as const }));
            rows = rows.map((row) => ended.find((each) => each.id === row.id) ?? row);
            return ended;
          }),
        },
      }),
      { input: { matchId: 1, priceDecimals: 2, decimalComma: false } },
    ).start();
    const counts = () => {
      const { paged, open } = actor.getSnapshot().context;
      return [paged.delegation.total, open.length, paged.all.total, paged.pending.total, paged.closed.total];
    };
    await waitFor(actor, (s) => s.matches({ lists: 'idle' }));
    expect(actor.getSnapshot().context.tab).toBe('delegation');
    expect(counts()).toEqual([11, 2, 2, 2, 7]);
    actor.send({ type: 'CLOSE_ALL', which: 'all' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches({ dialog: 'none', lists: 'idle' }));
    expect(counts()).toEqual([11, 0, 0, 2, 9]);
    actor.stop();
  });

  it('the lever actors read the page on screen and every other tab’s total', async () => {
    const asked: Array<Record<string, unknown>> = [];
    const totals: Record<number, number> = { 6: 11, 1: 2, 0: 2, 3: 7 };
    const api = {
      call: (path: string, payload: Record<string, unknown>) => {
        if (path === 'lever/deal') return Promise.resolve({ my_transaction: [position(1, 1)] });
        asked.push(payload);
        const total = totals[payload.status as number] ?? 0;
        return Promise.resolve({ data: [position(payload.status === 3 ? 5 : 1, 1)], total });
      },
    } as unknown as ApiClient;
    const lists = await toPromise(
      createActor(leverActors(api, {} as ChannelSource).loadLists, {
        input: { matchId: 1, tab: 'closed', page: 2 },
      }).start(),
    );
    expect(lists.totals).toEqual({ delegation: 11, all: 2, pending: 2, closed: 7 });
    expect(lists.paged).toMatchObject({ tab: 'closed', total: 7 });
    expect(lists.paged?.rows.map((row) => row.id)).toEqual([5]);
    // The tab on screen at its page; the others at their first; all positions on every pair.
    expect(asked).toContainEqual({ status: 3, page: 2, currency_match_id: 1 });
    expect(asked).toContainEqual({ status: 0, page: 1, currency_match_id: 1 });
    expect(asked).toContainEqual({ status: 1, page: 1 });
    expect(asked).toHaveLength(4);
  });
});
