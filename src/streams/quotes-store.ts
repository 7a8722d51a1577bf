import {
  animationFrameScheduler,
  asyncScheduler,
  catchError,
  defer,
  map,
  merge,
  type Observable,
  of,
  repeat,
  ReplaySubject,
  scan,
  type SchedulerLike,
  share,
  startWith,
  takeWhile,
  tap,
  timer,
} from 'rxjs';
import type { z } from 'zod';
import type { quoteGroup } from '../api/entities.ts';
import { compareDecimal } from '../domain/format.ts';
import { frameSampled } from './frame-sampled.ts';
import type { Quote } from './payloads.ts';
import { isOn } from '../domain/contract-codes.ts';
import {
  decodeKeptQuotes,
  encodeKeptQuotes,
  KEPT_QUOTES_MAX_AGE_MS,
  type KeptQuotes,
  type KeptQuotesStorage,
} from './kept-quotes.ts';

/**
 * Every pair's 24 h quote, live: the `market/currency_matches` snapshot merged with DAY_MARKET
 * pushes, emitted at most once per animation frame. Home and all-markets read it; a view gets a
 * whole consistent table per frame and never sees the pushes themselves.
 */

export type QuoteGroupAnswer = z.output<typeof quoteGroup>;

/** One pair as the market tables show it. */
export interface MarketRow {
  readonly id: number;
  readonly symbol: string;
  readonly base: string;
  readonly quote: string;
  /** Coin logo from the server; '' when it sent none. */
  readonly logo: string;
  readonly close: string;
  readonly change: string;
  readonly high: string;
  readonly low: string;
  readonly volume: string;
  /** 24 h volume in the quote currency ('' when the server does not send it). */
  readonly quoteVolume: string;
  readonly priceDecimals: number | undefined;
  readonly openChange: boolean;
  /** Which way the last push moved the latest price (null: not moved yet, or unchanged). */
  readonly tick: 'up' | 'down' | null;
  /** Counts pushes that moved the price, so a view can restart its flash animation. */
  readonly tickSeq: number;
}

export interface MarketGroup {
  readonly id: number;
  readonly code: string;
  readonly usdPrice: string;
  /** Row ids in the server's order. */
  readonly rowIds: readonly number[];
}

/**
 * `kept`: the table holds the quotes the page last showed on an earlier visit (kept-quotes.ts),
 * not live ones; views show them dimmed with their time (`keptAt`) until the snapshot lands.
 * `opening`: the quotes a fresh exchange opens with, which the build wrote into the prerendered
 * page (DESIGN.md "First paint"); they are the exchange's first answer, shown as they are, and
 * the table says `opening` until that answer has actually come.
 */
export type QuotesStatus = 'loading' | 'opening' | 'kept' | 'ready' | 'unavailable';

/** Whether a table in this status has figures to show (live, opening or kept ones). */
export function showsFigures(status: QuotesStatus): boolean {
  return status === 'ready' || status === 'opening' || status === 'kept';
}

export interface QuotesState {
  readonly status: QuotesStatus;
  readonly groups: readonly MarketGroup[];
  readonly rows: ReadonlyMap<number, MarketRow>;
  /** Pushes received before the snapshot, applied when it lands (latest per pair). */
  readonly pending: ReadonlyMap<number, Quote>;
  /** When the kept quotes were shown (wall clock, ms), while the status is `kept`; else null. */
  readonly keptAt: number | null;
}

export type QuotesEvent =
  | { readonly kind: 'snapshot'; readonly groups: readonly QuoteGroupAnswer[] }
  | { readonly kind: 'failed' }
  | { readonly kind: 'kept'; readonly kept: KeptQuotes }
  | { readonly kind: 'opening'; readonly opening: KeptQuotes }
  | { readonly kind: 'quote'; readonly quote: Quote };

export const INITIAL_QUOTES: QuotesState = {
  status: 'loading',
  groups: [],
  rows: new Map(),
  pending: new Map(),
  keptAt: null,
};

function rowOf(match: QuoteGroupAnswer['matches'][number]): MarketRow {
  const q = match.currency_quotation;
  return {
    id: match.id,
    symbol: match.symbol,
    base: match.base_currency_code,
    quote: match.quote_currency_code,
    logo: match.base_currency.logo,
    close: q.close,
    change: q.change,
    high: q.high,
    low: q.low,
    volume: q.volume,
    quoteVolume: q.quote_volume ?? '',
    priceDecimals: match.price_decimals,
    openChange: isOn(match.open_change),
    tick: null,
    tickSeq: 0,
  };
}

function applyQuote(row: MarketRow, quote: Quote): MarketRow {
  const moved = compareDecimal(quote.close, row.close);
  return {
    ...row,
    close: quote.close,
    change: quote.change,
    high: quote.high,
    low: quote.low,
    volume: quote.volume,
    quoteVolume: quote.quote_volume ?? row.quoteVolume,
    tick: moved === 0 ? row.tick : moved > 0 ? 'up' : 'down',
    tickSeq: moved === 0 ? row.tickSeq : row.tickSeq + 1,
  };
}

/** The store's reducer: pure, so tests can fold any sequence of events through it. */
export function reduceQuotes(state: QuotesState, event: QuotesEvent): QuotesState {
  switch (event.kind) {
    case 'failed':
      // Kept quotes stay on screen with their time: they are marked as old, never as live.
      if (state.status === 'ready' || state.status === 'kept') return state;
      // The opening quotes were the answer this exchange was to give: with no answer they go.
      return { ...state, status: 'unavailable', groups: [], rows: new Map() };
    case 'opening':
      // Only before anything else: the opening quotes are the first a fresh table shows.
      if (state.status !== 'loading') return state;
      return {
        status: 'opening',
        groups: event.opening.groups,
        rows: new Map(event.opening.rows.map((row) => [row.id, row])),
        pending: state.pending,
        keptAt: null,
      };
    case 'kept':
      // Only before anything live came: kept quotes never stand over a live table.
      if (state.status !== 'loading') return state;
      return {
        status: 'kept',
        groups: event.kept.groups,
        rows: new Map(event.kept.rows.map((row) => [row.id, row])),
        pending: state.pending,
        keptAt: event.kept.at,
      };
    case 'snapshot': {
      const rows = new Map<number, MarketRow>();
      const groups: MarketGroup[] = event.groups.map((group) => {
        for (const match of group.matches) rows.set(match.id, rowOf(match));
        return {
          id: group.id,
          code: group.code,
          usdPrice: group.usd_price,
          rowIds: group.matches.map((match) => match.id),
        };
      });
      for (const [id, quote] of state.pending) {
        const row = rows.get(id);
        if (row) rows.set(id, { ...applyQuote(row, quote), tick: null, tickSeq: 0 });
      }
      return { status: 'ready', groups, rows, pending: new Map(), keptAt: null };
    }
    case 'quote': {
      const id = event.quote.currency_match_id;
      // Before the snapshot (kept quotes included: a live figure is not mixed into old ones).
      if (state.status !== 'ready') {
        const pending = new Map(state.pending);
        pending.set(id, event.quote);
        return { ...state, pending };
      }
      const row = state.rows.get(id);
      // A pair the snapshot did not list has no group to live in: it appears on the next load.
      if (!row) return state;
      const rows = new Map(state.rows);
      rows.set(id, applyQuote(row, event.quote));
      return { ...state, rows };
    }
  }
}

/** The rows of one group, in the server's order. */
export function groupRows(state: QuotesState, group: MarketGroup): MarketRow[] {
  const rows: MarketRow[] = [];
  for (const id of group.rowIds) {
    const row = state.rows.get(id);
    if (row) rows.push(row);
  }
  return rows;
}

/** Every row of every group, each pair once. */
export function allRows(state: QuotesState): MarketRow[] {
  return [...state.rows.values()];
}

export interface QuotesStoreDeps {
  /** `market/currency_matches`. */
  load: () => Promise<readonly QuoteGroupAnswer[]>;
  /** DAY_MARKET pushes, decoded (streams/market.ts quotes$). */
  updates$: Observable<Quote>;
  /** While the snapshot cannot be loaded, try again this often. */
  retryMs?: number;
  /** Paces emissions: one per animation frame in the browser; tests pass a TestScheduler. */
  frameScheduler?: SchedulerLike;
  /** Drives the retry and keep-alive timers. */
  scheduler?: SchedulerLike;
  /**
   * How long the table stays live after its last observer leaves, so going from home to all
   * markets shows the table at once instead of loading it again. 0 lets go at once.
   */
  keepAliveMs?: number;
  /** Where the last table shown is kept for the next visit; none: nothing is kept. */
  kept?: KeptQuotesStorage;
  /** The table the store starts from when first observed (startingQuotes); later: the kept one. */
  start?: QuotesState;
  /** The wall clock, for the kept table's time. */
  now?: () => number;
}

export const QUOTES_RETRY_MS = 5_000;
export const QUOTES_KEEP_ALIVE_MS = 5_000;
/** How often the live table is written down for the next visit (and once as soon as it is live). */
export const QUOTES_KEEP_EVERY_MS = 10_000;

/**
 * The table an app starts from: the opening quotes of the prerendered page it hydrates (only a
 * fresh visitor's page is hydrated with them), else the kept one while it is recent enough, else
 * nothing yet. The first page renders it (views/components/use-quotes.ts).
 */
export function startingQuotes(options: {
  opening?: KeptQuotes | null;
  kept?: KeptQuotesStorage;
  now: number;
  /** A live table the page already shows (app/held-quotes.ts): the exchange's answer of moments ago. */
  live?: QuotesState | null;
}): QuotesState {
  if (options.live?.status === 'ready') return options.live;
  if (options.opening) return reduceQuotes(INITIAL_QUOTES, { kind: 'opening', opening: options.opening });
  return startingState(options.kept, options.now);
}

/** The table to start from: the kept one while it is recent enough, else nothing yet. */
function startingState(kept: KeptQuotesStorage | undefined, now: number): QuotesState {
  if (!kept) return INITIAL_QUOTES;
  const read = decodeKeptQuotes(kept.read(), kept.source);
  if (!read || read.at > now || now - read.at > KEPT_QUOTES_MAX_AGE_MS) return INITIAL_QUOTES;
  return reduceQuotes(INITIAL_QUOTES, { kind: 'kept', kept: read });
}

/**
 * The live quotes table. Cold and shared: the first observer loads the snapshot and subscribes
 * DAY_MARKET, and `keepAliveMs` after the last one leaves both are let go; a late observer gets
 * the latest table at once. A snapshot that fails (no market yet, a network error) is retried every `retryMs` while
 * the table shows "unavailable"; pushes that arrive before it are kept and applied on top.
 */
export function createQuotesStore(deps: QuotesStoreDeps): Observable<QuotesState> {
  const {
    load,
    updates$,
    retryMs = QUOTES_RETRY_MS,
    frameScheduler = animationFrameScheduler,
    scheduler = asyncScheduler,
    keepAliveMs = QUOTES_KEEP_ALIVE_MS,
    kept,
    now = () => scheduler.now(),
  } = deps;
  // The given start serves the first observers only: once let go, the table starts again from
  // what was kept since (the opening quotes are long past by then).
  let firstStart = deps.start;

  const snapshot$: Observable<QuotesEvent> = defer(() => load()).pipe(
    map((groups): QuotesEvent => ({ kind: 'snapshot', groups })),
    catchError(() => of<QuotesEvent>({ kind: 'failed' })),
    repeat({ delay: () => timer(retryMs, scheduler) }),
    takeWhile((event) => event.kind === 'failed', true),
  );
  const pushes$ = updates$.pipe(map((quote): QuotesEvent => ({ kind: 'quote', quote })));

  let keptWrittenAt = -Infinity;
  const keep = (state: QuotesState) => {
    const at = now();
    if (!kept || at - keptWrittenAt < QUOTES_KEEP_EVERY_MS) return;
    const text = encodeKeptQuotes(state, at, kept.source);
    if (text === null) return;
    keptWrittenAt = at;
    kept.write(text);
  };
  return defer(() => {
    const start = firstStart ?? startingState(kept, now());
    firstStart = undefined;
    const states$ = merge(snapshot$, pushes$).pipe(scan(reduceQuotes, start));
    return frameSampled(states$, frameScheduler).pipe(tap(keep), startWith(start));
  }).pipe(
    share({
      connector: () => new ReplaySubject<QuotesState>(1),
      resetOnRefCountZero: keepAliveMs > 0 ? () => timer(keepAliveMs, scheduler) : true,
    }),
  );
}
