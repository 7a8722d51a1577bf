import fc from 'fast-check';
import { asyncScheduler, Subject } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import type { Quote } from '../../../src/streams/payloads.ts';
import {
  allRows,
  createQuotesStore,
  groupRows,
  INITIAL_QUOTES,
  reduceQuotes,
  type QuoteGroupAnswer,
  type QuotesEvent,
  type QuotesState,
} from '../../../src/streams/quotes-store.ts';

function match(id: number, base: string, quote: string, close: string): QuoteGroupAnswer['matches'][number] {
  return {
    id,
    symbol: `${base}/${quote}`,
    base_currency_id: id * 10,
    quote_currency_id: quote === 'USDT' ? 1 : 2,
    base_currency_code: base,
    quote_currency_code: quote,
    base_currency: { logo: '' },
    added: 0,
    open_change: 1,
    open_lever: 1,
    open_microtrade: 1,
    lever_point_rate: '0',
    lever_share_num: '1',
    lever_fee_rate: '0.001',
    currency_quotation: { currency_match_id: id, close, change: '0', high: close, low: close, volume: '0' },
  };
}

const GROUPS: QuoteGroupAnswer[] = [
  {
    id: 1,
    code: 'USDT',
    is_quote: 1,
    cny_price: '7.1',
    usd_price: '1',
    matches: [
      match(1, 'BTC', 'USDT', '60000'),
      match(2, 'ETH', 'USDT', '3000'),
      match(3, 'DOT', 'USDT', '7'),
    ],
  },
  {
    id: 2,
    code: 'BTC',
    is_quote: 1,
    cny_price: '0',
    usd_price: '60000',
    matches: [match(4, 'ETH', 'BTC', '0.05')],
  },
];

function quote(id: number, close: string, change = '1.5'): Quote {
  return { currency_match_id: id, symbol: `X${id}`, close, change, high: close, low: close, volume: '10' };
}

describe('reduceQuotes', () => {
  it('turns the snapshot into groups of rows in the server order', () => {
    const state = reduceQuotes(INITIAL_QUOTES, { kind: 'snapshot', groups: GROUPS });
    expect(state.status).toBe('ready');
    expect(state.groups.map((g) => g.code)).toEqual(['USDT', 'BTC']);
    const usdt = state.groups[0];
    expect(usdt && groupRows(state, usdt).map((r) => r.symbol)).toEqual(['BTC/USDT', 'ETH/USDT', 'DOT/USDT']);
    expect(allRows(state)).toHaveLength(4);
    expect(state.rows.get(1)).toMatchObject({
      base: 'BTC',
      quote: 'USDT',
      close: '60000',
      tick: null,
      tickSeq: 0,
    });
  });

  it('applies a push to its pair and records which way the price moved', () => {
    let state = reduceQuotes(INITIAL_QUOTES, { kind: 'snapshot', groups: GROUPS });
    state = reduceQuotes(state, { kind: 'quote', quote: quote(1, '60100', '2.1') });
    expect(state.rows.get(1)).toMatchObject({ close: '60100', change: '2.1', tick: 'up', tickSeq: 1 });
    state = reduceQuotes(state, { kind: 'quote', quote: quote(1, '59000') });
    expect(state.rows.get(1)).toMatchObject({ close: '59000', tick: 'down', tickSeq: 2 });
    // Same price: no new flash.
    state = reduceQuotes(state, { kind: 'quote', quote: quote(1, '59000.00', '3') });
    expect(state.rows.get(1)).toMatchObject({ change: '3', tick: 'down', tickSeq: 2 });
    // Other rows are untouched (same objects).
    const before = reduceQuotes(INITIAL_QUOTES, { kind: 'snapshot', groups: GROUPS });
    const after = reduceQuotes(before, { kind: 'quote', quote: quote(2, '3100') });
    expect(after.rows.get(1)).toBe(before.rows.get(1));
  });

  it('keeps pushes that arrive before the snapshot and applies the latest of each pair', () => {
    let state = reduceQuotes(INITIAL_QUOTES, { kind: 'quote', quote: quote(2, '3100') });
    state = reduceQuotes(state, { kind: 'quote', quote: quote(2, '3200') });
    state = reduceQuotes(state, { kind: 'quote', quote: quote(99, '1') });
    expect(state.status).toBe('loading');
    state = reduceQuotes(state, { kind: 'snapshot', groups: GROUPS });
    expect(state.rows.get(2)?.close).toBe('3200');
    expect(state.rows.has(99)).toBe(false);
    expect(state.pending.size).toBe(0);
  });

  it('ignores pushes for pairs the snapshot did not list', () => {
    const state = reduceQuotes(INITIAL_QUOTES, { kind: 'snapshot', groups: GROUPS });
    expect(reduceQuotes(state, { kind: 'quote', quote: quote(42, '1') })).toBe(state);
  });

  it('a failed load shows "unavailable" until a snapshot lands, and never hides a ready table', () => {
    const failed = reduceQuotes(INITIAL_QUOTES, { kind: 'failed' });
    expect(failed.status).toBe('unavailable');
    const ready = reduceQuotes(failed, { kind: 'snapshot', groups: GROUPS });
    expect(ready.status).toBe('ready');
    expect(reduceQuotes(ready, { kind: 'failed' })).toBe(ready);
  });

  it('after any sequence of events every row shows the last price pushed for it', () => {
    const events = fc.array(
      fc.oneof(
        fc.constant<QuotesEvent>({ kind: 'snapshot', groups: GROUPS }),
        fc.constant<QuotesEvent>({ kind: 'failed' }),
        fc
          .tuple(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 99_999 }))
          .map(([id, price]): QuotesEvent => ({ kind: 'quote', quote: quote(id, String(price)) })),
      ),
      { maxLength: 40 },
    );
    fc.assert(
      fc.property(events, (sequence) => {
        const state: QuotesState = sequence.reduce(reduceQuotes, INITIAL_QUOTES);
        const snapshotAt = sequence.findLastIndex((e) => e.kind === 'snapshot');
        if (snapshotAt === -1) {
          expect(state.rows.size).toBe(0);
          return;
        }
        expect(state.status).toBe('ready');
        // Pushes count from the last snapshot on; before the first one they wait for it.
        const firstSnapshotAt = sequence.findIndex((e) => e.kind === 'snapshot');
        const from = snapshotAt === firstSnapshotAt ? 0 : snapshotAt;
        const counted = sequence.slice(from);
        for (const row of allRows(state)) {
          const last = counted.findLast((e) => e.kind === 'quote' && e.quote.currency_match_id === row.id);
          const initial = GROUPS.flatMap((g) => g.matches).find((m) => m.id === row.id);
          const expected = last?.kind === 'quote' ? last.quote.close : initial?.currency_quotation.close;
          expect(row.close).toBe(expected);
        }
      }),
    );
  });
});

describe('createQuotesStore', () => {
  it('emits the loading state, then one table per frame however many pushes arrive', async () => {
    const updates$ = new Subject<Quote>();
    const store = createQuotesStore({
      load: () => Promise.resolve(GROUPS),
      updates$,
      frameScheduler: asyncScheduler,
      keepAliveMs: 0,
    });
    const seen: QuotesState[] = [];
    const subscription = store.subscribe((state) => seen.push(state));
    expect(seen.map((s) => s.status)).toEqual(['loading']);
    await vi.waitFor(() => expect(seen.at(-1)?.status).toBe('ready'));
    const emitted = seen.length;
    for (let i = 1; i <= 500; i += 1) updates$.next(quote(1 + (i % 3), String(1000 + i)));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(seen.length).toBe(emitted + 1);
    expect(seen.at(-1)?.rows.get(1)?.close).toBe('1498');
    subscription.unsubscribe();
    expect(updates$.observed).toBe(false);
  });

  it('retries a failed snapshot while showing "unavailable", and shares one table', async () => {
    let calls = 0;
    const store = createQuotesStore({
      load: () => {
        calls += 1;
        return calls < 3 ? Promise.reject(new Error('not available yet')) : Promise.resolve(GROUPS);
      },
      updates$: new Subject<Quote>(),
      retryMs: 40,
      frameScheduler: asyncScheduler,
    });
    const first: QuotesState[] = [];
    const a = store.subscribe((state) => first.push(state));
    await vi.waitFor(() => expect(first.at(-1)?.status).toBe('unavailable'), { interval: 5 });
    await vi.waitFor(() => expect(first.at(-1)?.status).toBe('ready'), { timeout: 1000 });
    expect(calls).toBe(3);
    let late: QuotesState | null = null;
    const b = store.subscribe((state) => (late = state));
    expect(late).toBe(first.at(-1));
    expect(calls).toBe(3);
    a.unsubscribe();
    b.unsubscribe();
  });

  it('stays live for a moment after the last observer leaves, then lets go', async () => {
    const updates$ = new Subject<Quote>();
    let calls = 0;
    const store = createQuotesStore({
      load: () => {
        calls += 1;
        return Promise.resolve(GROUPS);
      },
      updates$,
      frameScheduler: asyncScheduler,
      keepAliveMs: 30,
    });
    let latest: QuotesState | null = null;
    const home = store.subscribe((state) => (latest = state));
    await vi.waitFor(() => expect(latest?.status).toBe('ready'));
    home.unsubscribe();
    // Another page picks the table up at once, without loading it again.
    let again: QuotesState | null = null;
    const markets = store.subscribe((state) => (again = state));
    expect(again).toBe(latest);
    expect(calls).toBe(1);
    markets.unsubscribe();
    expect(updates$.observed).toBe(true);
    await vi.waitFor(() => expect(updates$.observed).toBe(false));
  });
});

describe('the opening quotes of a prerendered page', () => {
  const snapshot = reduceQuotes(INITIAL_QUOTES, { kind: 'snapshot', groups: GROUPS });
  const opening = { at: 1, groups: snapshot.groups, rows: [...snapshot.rows.values()] };

  it('are shown as opening, not live, until the first answer replaces them', () => {
    const shown = reduceQuotes(INITIAL_QUOTES, { kind: 'opening', opening });
    expect(shown.status).toBe('opening');
    expect(allRows(shown).map((row) => row.close)).toEqual(['60000', '3000', '7', '0.05']);
    // A push before the answer waits for it, as with kept quotes.
    const pushed = reduceQuotes(shown, { kind: 'quote', quote: quote(1, '61000') });
    expect(pushed.rows.get(1)?.close).toBe('60000');
    const live = reduceQuotes(pushed, { kind: 'snapshot', groups: GROUPS });
    expect(live.status).toBe('ready');
    expect(live.rows.get(1)?.close).toBe('61000');
  });

  it('go when the exchange does not answer, and never stand over kept or live quotes', () => {
    const shown = reduceQuotes(INITIAL_QUOTES, { kind: 'opening', opening });
    const failed = reduceQuotes(shown, { kind: 'failed' });
    expect(failed.status).toBe('unavailable');
    expect(failed.rows.size).toBe(0);
    const kept = reduceQuotes(INITIAL_QUOTES, { kind: 'kept', kept: opening });
    expect(reduceQuotes(kept, { kind: 'opening', opening })).toBe(kept);
    expect(reduceQuotes(snapshot, { kind: 'opening', opening })).toBe(snapshot);
  });
});
