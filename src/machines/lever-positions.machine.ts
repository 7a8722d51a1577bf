import { assign, emit, enqueueActions, fromPromise, raise, setup } from 'xstate';
import type { AnswerOf } from '../api/catalogue.ts';
import {
  LEVER_STATUS_CLOSED,
  LEVER_STATUS_CLOSING,
  LEVER_STATUS_OPEN,
  LEVER_STATUS_PENDING,
  LEVER_TYPE_SHORT,
} from '../domain/contract-codes.ts';
import { leverTpSlMachine, type StopLeg } from './lever-tp-sl.machine.ts';
import { leverCloseLotsAllowed, leverLotsAtPercent } from '../domain/lever/partial-close.ts';
import { entryProblem, readNumberEntry, type NumberEntryProblem } from '../domain/number-entry.ts';
import { leverCloseOrderProblem } from '../domain/lever/close-order.ts';
import type { LeverSide } from '../domain/lever/rules.ts';
import { LEDGER_DECIMALS, toScaled } from '../domain/money.ts';

export type LeverPosition = AnswerOf<'lever/my_trade'>['data'][number];
/**
 * The history tabs (spec §2 Lever) by the lever/my_trade status each reads:
 * delegation (6, the default: every order placed on the pair, whatever became of it), current
 * positions (5: the pair's open positions, from lever/deal, with live PnL), all positions (1: open
 * positions on every pair of the account), all pending orders (0) and all closed (3) on the pair.
 */
export type LeverTab = 'delegation' | 'open' | 'all' | 'pending' | 'closed';
/** The tabs read a page at a time from lever/my_trade. */
export type LeverPagedTab = Exclude<LeverTab, 'open'>;
export type CloseAllChoice = 'all' | 'longs' | 'shorts';
/** How a close is made: at the market, at a price (a close order), or a close order cancelled. */
export type CloseAt = 'market' | 'price' | 'cancelOrder';

export const LEVER_TABS: readonly LeverTab[] = ['delegation', 'open', 'all', 'pending', 'closed'];

/** Spec §9: history pages of 10. */
export const LEVER_PAGE_SIZE = 10;

/** One page of a paged tab. */
export interface LeverPage {
  rows: LeverPosition[];
  page: number;
  total: number;
}

export const LEVER_PAGED_TABS: readonly LeverPagedTab[] = ['delegation', 'all', 'pending', 'closed'];

/**
 * What one load brings: the pair's open positions, the page of the tab on screen (if paged), and how
 * many rows every paged tab holds now, so each tab's count is true before it is opened.
 */
export interface LeverLists {
  open: LeverPosition[];
  paged: { tab: LeverPagedTab; rows: LeverPosition[]; total: number } | null;
  totals: Record<LeverPagedTab, number>;
  /** The first page of the pair's pending orders (absent when not read this time: another page shown). */
  pending?: LeverPosition[] | null;
}

export interface LeverListsRequest {
  matchId: number;
  tab: LeverTab;
  page: number;
}

/** What the user asked for and has to confirm. */
export type LeverAsk =
  /**
   * Close `lots` (as typed, whole lots) of the `total` the position holds; all of them closes it.
   * `at`: at the market now, at a price typed (`price`, as typed: a resting close order), or the
   * position's resting close order cancelled.
   */
  | {
      kind: 'close';
      id: number;
      total: number;
      lots: string;
      side: LeverSide;
      at: CloseAt;
      price: string;
    }
  | { kind: 'cancel'; id: number }
  | { kind: 'closeAll'; which: CloseAllChoice };

export interface LeverPositionsContext {
  matchId: number;
  decimalComma: boolean;
  priceDecimals: number;
  tab: LeverTab;
  open: LeverPosition[];
  /** The pair's newest pending fixed-price orders (a page's worth), drawn on the chart at their price. */
  pending: LeverPosition[];
  /** The page of the open positions shown (they are held whole, paged on the client: listPage). */
  openPage: number;
  paged: Record<LeverPagedTab, LeverPage>;
  last: string | null;
  ask: LeverAsk | null;
  /** The open position whose take-profit / stop-loss dialog (the tpSl child) is open. */
  stopId: number | null;
  /** The leg whose line was dragged on the chart to open that dialog, and the price let go at. */
  stopMoved: StopMove | null;
}

/** A take-profit or stop-loss line dragged on the chart: the leg and its new price (plain decimal). */
export interface StopMove {
  leg: StopLeg;
  price: string;
}

export type LeverPositionsEvent =
  | { type: 'PAIR'; matchId: number; priceDecimals: number }
  | { type: 'TAB'; tab: LeverTab }
  | { type: 'PAGE'; page: number }
  | { type: 'LAST'; price: string | null }
  /** A new state of a position, folded once by the screen. */
  | { type: 'POSITION'; position: LeverPosition }
  /** LEVER_CLOSED: these positions closed (their final rows come with the reload). */
  | { type: 'GONE'; ids: readonly number[] }
  | { type: 'RELOAD' }
  | { type: 'CLOSE'; id: number }
  /** The lots to close, typed, or a share of them chosen (25 / 50 / 75 / 100 %). */
  | { type: 'CLOSE_LOTS'; text: string }
  | { type: 'CLOSE_PERCENT'; percent: number }
  /** At the market or at a price; the price typed; the resting close order cancelled. */
  | { type: 'CLOSE_AT'; at: 'market' | 'price' }
  | { type: 'CLOSE_PRICE'; text: string }
  | { type: 'CLOSE_ORDER_CANCEL' }
  | { type: 'CANCEL_ORDER'; id: number }
  | { type: 'CLOSE_ALL'; which: CloseAllChoice }
  | { type: 'WHICH'; which: CloseAllChoice }
  /** Opens the TP/SL dialog of a position; `moved`: with a leg's line dragged there, to confirm. */
  | { type: 'STOP'; id: number; moved?: StopMove }
  | { type: 'CONFIRM' }
  | { type: 'DISMISS' };

/** After an action: the positions its answer carried (closed, cancelled, or with new stops). */
export type LeverPositionsEmitted = { type: 'acted'; positions: LeverPosition[] };

export interface LeverAct {
  matchId: number;
  ask: LeverAsk;
  /** What a close at a price is read with: the reader's separator, the pair's decimals, the last price. */
  terms: Pick<LeverPositionsContext, 'decimalComma' | 'priceDecimals' | 'last'>;
}

export interface LeverSetStop {
  id: number;
  tp: string;
  sl: string;
}

/**
 * How many lots a close asks for, or what is wrong with it: whole lots (domain/number-entry.ts),
 * 1 to all of them (domain leverCloseLotsAllowed).
 */
export function closeLots(
  ask: Extract<LeverAsk, { kind: 'close' }>,
  decimalComma: boolean,
): { lots: number } | { problem: NumberEntryProblem | { kind: 'closeLots'; max: number } } {
  const read = readNumberEntry(ask.lots, { maxDecimals: 0, decimalComma });
  const refused = entryProblem(read);
  if (refused) return { problem: refused };
  const lots = read.kind === 'number' ? BigInt(read.value) : 0n;
  if (!leverCloseLotsAllowed(BigInt(ask.total), lots))
    return { problem: { kind: 'closeLots', max: ask.total } };
  return { lots: Number(lots) };
}

/**
 * The price of a close at a price, or what is wrong with it: a number with the pair's decimals
 * (domain/number-entry.ts), beyond the last trade on the position's closing side
 * (domain leverCloseOrderProblem, the rule the exchange refuses by too).
 */
/** What is wrong with a close's price: not a number, none typed, or on the wrong side of the last trade. */
export type CloseAtProblem =
  NumberEntryProblem | { kind: 'closePriceRequired' } | { kind: 'closeOrderSide'; side: LeverSide };

/** The price of a close at a price as typed, read as a plain decimal; null when it does not read. */
export function closePriceText(
  ask: Extract<LeverAsk, { kind: 'close' }>,
  context: Pick<LeverPositionsContext, 'decimalComma' | 'priceDecimals'>,
): string | null {
  const read = readNumberEntry(ask.price, {
    maxDecimals: context.priceDecimals,
    decimalComma: context.decimalComma,
  });
  return read.kind === 'number' ? read.value : null;
}

export function closeAtPrice(
  ask: Extract<LeverAsk, { kind: 'close' }>,
  lots: number,
  context: Pick<LeverPositionsContext, 'decimalComma' | 'priceDecimals' | 'last'>,
): { price: string } | { problem: CloseAtProblem } {
  const read = readNumberEntry(ask.price, {
    maxDecimals: context.priceDecimals,
    decimalComma: context.decimalComma,
  });
  const refused = entryProblem(read);
  if (refused) return { problem: refused };
  if (read.kind !== 'number') return { problem: { kind: 'closePriceRequired' } };
  const scaled = (text: string) => toScaled(text, LEDGER_DECIMALS) ?? 0n;
  const problem = leverCloseOrderProblem(
    ask.side,
    BigInt(ask.total),
    BigInt(lots),
    scaled(read.value),
    scaled(context.last ?? '0'),
    context.priceDecimals,
  );
  return problem ? { problem: { kind: 'closeOrderSide', side: ask.side } } : { price: read.value };
}

/** Whether the close asked for may be sent: its lots, and at a price its price too. */
function closeReady(
  ask: Extract<LeverAsk, { kind: 'close' }>,
  context: Pick<LeverPositionsContext, 'decimalComma' | 'priceDecimals' | 'last'>,
): boolean {
  if (ask.at === 'cancelOrder') return true;
  const lots = closeLots(ask, context.decimalComma);
  if (!('lots' in lots)) return false;
  return ask.at === 'market' || 'price' in closeAtPrice(ask, lots.lots, context);
}

function isOpenStatus(position: LeverPosition): boolean {
  return position.status === LEVER_STATUS_OPEN || position.status === LEVER_STATUS_CLOSING;
}

/** Whether a position in this state belongs on a tab (of the pair `matchId`). */
export function belongsOn(tab: LeverTab, position: LeverPosition, matchId: number): boolean {
  const onPair = position.currency_match_id === matchId;
  switch (tab) {
    case 'delegation':
      return onPair;
    case 'open':
      return onPair && isOpenStatus(position);
    case 'all':
      return isOpenStatus(position);
    case 'pending':
      return onPair && position.status === LEVER_STATUS_PENDING;
    case 'closed':
      return onPair && position.status === LEVER_STATUS_CLOSED;
  }
}

function without(rows: LeverPosition[], id: number): LeverPosition[] {
  return rows.filter((row) => row.id !== id);
}

function replaceOrAdd(rows: LeverPosition[], position: LeverPosition): LeverPosition[] {
  return rows.some((row) => row.id === position.id)
    ? rows.map((row) => (row.id === position.id ? position : row))
    : [position, ...rows];
}

/**
 * A position's new state folded into one page of a tab: replaced where it is; added at the top of
 * page 1 (newest first) when it newly belongs; removed when it no longer does. The total follows.
 */
function foldIntoPage(
  tab: LeverPagedTab,
  page: LeverPage,
  position: LeverPosition,
  matchId: number,
): LeverPage {
  const present = page.rows.some((row) => row.id === position.id);
  if (belongsOn(tab, position, matchId)) {
    if (present) return { ...page, rows: replaceOrAdd(page.rows, position) };
    return {
      page: page.page,
      rows: page.page === 1 ? [position, ...page.rows].slice(0, LEVER_PAGE_SIZE) : page.rows,
      total: page.total + 1,
    };
  }
  if (!present) return page;
  return { page: page.page, rows: without(page.rows, position.id), total: Math.max(0, page.total - 1) };
}

/** A position's new state folded into every list: the open positions and each tab's page. */
export function foldPosition(
  lists: Pick<LeverPositionsContext, 'open' | 'paged' | 'matchId'> &
    Partial<Pick<LeverPositionsContext, 'pending'>>,
  position: LeverPosition,
): Pick<LeverPositionsContext, 'open' | 'paged' | 'pending'> {
  const paged = { ...lists.paged };
  for (const tab of Object.keys(paged) as LeverPagedTab[]) {
    paged[tab] = foldIntoPage(tab, paged[tab], position, lists.matchId);
  }
  return {
    open: belongsOn('open', position, lists.matchId)
      ? replaceOrAdd(lists.open, position)
      : without(lists.open, position.id),
    paged,
    pending: belongsOn('pending', position, lists.matchId)
      ? replaceOrAdd(lists.pending ?? [], position)
      : without(lists.pending ?? [], position.id),
  };
}

const FIRST_PAGE: LeverPage = { rows: [], page: 1, total: 0 };

function emptyPages(): Record<LeverPagedTab, LeverPage> {
  return { delegation: FIRST_PAGE, all: FIRST_PAGE, pending: FIRST_PAGE, closed: FIRST_PAGE };
}

/**
 * The lever positions panel (spec §2 Lever history): tabs open / pending /
 * closed, close one, cancel a pending order, close all (all, longs or shorts) each behind a confirm,
 * and the take-profit / stop-loss dialog of an open position. Each new state of a position reaches
 * it once from its screen (POSITION); after every action it reloads and reports `acted`.
 */
export const leverPositionsMachine = setup({
  types: {
    context: {} as LeverPositionsContext,
    events: {} as LeverPositionsEvent,
    input: {} as { matchId: number; priceDecimals: number; decimalComma: boolean },
    emitted: {} as LeverPositionsEmitted,
  },
  actors: {
    loadLists: fromPromise<LeverLists, LeverListsRequest>(() =>
      Promise.reject(new Error('loadLists not provided')),
    ),
    act: fromPromise<LeverPosition[], LeverAct>(() => Promise.reject(new Error('act not provided'))),
    tpSl: leverTpSlMachine,
  },
}).createMachine({
  id: 'leverPositions',
  type: 'parallel',
  context: ({ input }) => ({
    matchId: input.matchId,
    decimalComma: input.decimalComma,
    priceDecimals: input.priceDecimals,
    tab: 'delegation',
    open: [],
    pending: [],
    openPage: 1,
    paged: emptyPages(),
    last: null,
    ask: null,
    stopId: null,
    stopMoved: null,
  }),
  on: {
    PAIR: {
      actions: [
        assign({
          matchId: ({ event }) => event.matchId,
          priceDecimals: ({ event }) => event.priceDecimals,
          last: null,
          open: [],
          pending: [],
          openPage: 1,
          paged: emptyPages,
        }),
        raise({ type: 'RELOAD' }),
      ],
    },
    TAB: {
      guard: ({ context, event }) => context.tab !== event.tab,
      actions: [assign({ tab: ({ event }) => event.tab }), raise({ type: 'RELOAD' })],
    },
    LAST: {
      actions: enqueueActions(({ enqueue, event, self }) => {
        enqueue.assign({ last: event.price });
        // The open take-profit / stop-loss dialog checks its sides against the live price too.
        if (self.getSnapshot().children.tpSl) enqueue.sendTo('tpSl', { type: 'LAST', price: event.price });
      }),
    },
    // The open positions are all here already: their page is a view of them, no load (loading or not).
    PAGE: {
      guard: ({ context }) => context.tab === 'open',
      actions: assign({ openPage: ({ event }) => Math.max(1, event.page) }),
    },
    POSITION: { actions: assign(({ context, event }) => foldPosition(context, event.position)) },
    GONE: {
      actions: [
        assign({
          open: ({ context, event }) => context.open.filter((row) => !event.ids.includes(row.id)),
          pending: ({ context, event }) => context.pending.filter((row) => !event.ids.includes(row.id)),
        }),
        raise({ type: 'RELOAD' }),
      ],
    },
  },
  states: {
    lists: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadLists',
            input: ({ context }) => ({
              matchId: context.matchId,
              tab: context.tab,
              page: context.tab === 'open' ? 1 : context.paged[context.tab].page,
            }),
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => {
                const { open, paged, totals, pending } = event.output;
                // The pages of the other tabs keep their rows until opened; their counts are today's.
                const pages = { ...context.paged };
                for (const tab of LEVER_PAGED_TABS) pages[tab] = { ...pages[tab], total: totals[tab] };
                if (paged)
                  pages[paged.tab] = { rows: paged.rows, total: paged.total, page: pages[paged.tab].page };
                return { open, paged: pages, pending: pending ?? context.pending };
              }),
            },
            onError: 'idle',
          },
          on: { RELOAD: { target: 'loading', reenter: true } },
        },
        idle: {
          on: {
            RELOAD: 'loading',
            PAGE: {
              guard: ({ context }) => context.tab !== 'open',
              target: 'loading',
              actions: assign({
                paged: ({ context, event }) => {
                  const tab = context.tab as LeverPagedTab;
                  return {
                    ...context.paged,
                    [tab]: { ...context.paged[tab], page: Math.max(1, event.page) },
                  };
                },
              }),
            },
          },
        },
      },
    },
    dialog: {
      initial: 'none',
      states: {
        none: {
          on: {
            CLOSE: {
              target: 'asking',
              actions: assign({
                ask: ({ context, event }) => {
                  const row = context.open.find((each) => each.id === event.id);
                  const total = row ? Math.trunc(Number(row.share)) : 0;
                  const side: LeverSide = row?.type === LEVER_TYPE_SHORT ? 'short' : 'long';
                  return {
                    kind: 'close' as const,
                    id: event.id,
                    total,
                    lots: String(total),
                    side,
                    at: 'market' as const,
                    price: '',
                  };
                },
              }),
            },
            CANCEL_ORDER: {
              target: 'asking',
              actions: assign({ ask: ({ event }) => ({ kind: 'cancel', id: event.id }) }),
            },
            CLOSE_ALL: {
              target: 'asking',
              actions: assign({ ask: ({ event }) => ({ kind: 'closeAll', which: event.which }) }),
            },
            STOP: {
              guard: ({ context, event }) => context.open.some((row) => row.id === event.id),
              target: 'stop',
              actions: assign({
                stopId: ({ event }) => event.id,
                stopMoved: ({ event }) => event.moved ?? null,
              }),
            },
          },
        },
        asking: {
          on: {
            WHICH: {
              guard: ({ context }) => context.ask?.kind === 'closeAll',
              actions: assign({ ask: ({ event }) => ({ kind: 'closeAll', which: event.which }) }),
            },
            CLOSE_LOTS: {
              actions: assign({
                ask: ({ context, event }) =>
                  context.ask?.kind === 'close' ? { ...context.ask, lots: event.text } : context.ask,
              }),
            },
            CLOSE_PERCENT: {
              actions: assign({
                ask: ({ context, event }) =>
                  context.ask?.kind === 'close'
                    ? {
                        ...context.ask,
                        lots: String(leverLotsAtPercent(BigInt(context.ask.total), event.percent)),
                      }
                    : context.ask,
              }),
            },
            CLOSE_AT: {
              actions: assign({
                ask: ({ context, event }) =>
                  context.ask?.kind === 'close' ? { ...context.ask, at: event.at } : context.ask,
              }),
            },
            CLOSE_PRICE: {
              actions: assign({
                ask: ({ context, event }) =>
                  context.ask?.kind === 'close' ? { ...context.ask, price: event.text } : context.ask,
              }),
            },
            CLOSE_ORDER_CANCEL: {
              guard: ({ context }) => context.ask?.kind === 'close',
              target: 'acting',
              actions: assign({
                ask: ({ context }) =>
                  context.ask?.kind === 'close'
                    ? { ...context.ask, at: 'cancelOrder' as const }
                    : context.ask,
              }),
            },
            CONFIRM: {
              // A close of lots that are not 1 to all of the position's, or at a price on the wrong
              // side of the last trade, stays in the dialog.
              guard: ({ context }) => context.ask?.kind !== 'close' || closeReady(context.ask, context),
              target: 'acting',
            },
            DISMISS: { target: 'none', actions: assign({ ask: null }) },
          },
        },
        acting: {
          invoke: {
            src: 'act',
            input: ({ context }) => ({
              matchId: context.matchId,
              ask: context.ask!,
              terms: {
                decimalComma: context.decimalComma,
                priceDecimals: context.priceDecimals,
                last: context.last,
              },
            }),
            onDone: {
              target: 'none',
              actions: [
                assign({ ask: null }),
                emit(({ event }) => ({ type: 'acted' as const, positions: event.output })),
                raise({ type: 'RELOAD' }),
              ],
            },
            // The client showed the server's message; the lists are reloaded as they are.
            onError: { target: 'none', actions: [assign({ ask: null }), raise({ type: 'RELOAD' })] },
          },
        },
        /** The take-profit / stop-loss dialog, its own machine (lever-tp-sl.machine.ts). */
        stop: {
          invoke: {
            id: 'tpSl',
            src: 'tpSl',
            input: ({ context }) => ({
              position: context.open.find((row) => row.id === context.stopId)!,
              last: context.last,
              priceDecimals: context.priceDecimals,
              decimalComma: context.decimalComma,
              moved: context.stopMoved,
            }),
            onDone: [
              {
                guard: ({ event }) => event.output.saved !== null,
                target: 'none',
                actions: [
                  assign({ stopId: null, stopMoved: null }),
                  emit(({ event }) => ({ type: 'acted' as const, positions: [event.output.saved!] })),
                  raise({ type: 'RELOAD' }),
                ],
              },
              { target: 'none', actions: assign({ stopId: null, stopMoved: null }) },
            ],
          },
        },
      },
    },
  },
});
