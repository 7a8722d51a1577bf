import fc from 'fast-check';
import { asyncScheduler, Subject } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import {
  decodeKeptQuotes,
  encodeKeptQuotes,
  KEPT_QUOTES_MAX_AGE_MS,
} from '../../../src/streams/kept-quotes.ts';
import type { Quote } from '../../../src/streams/payloads.ts';
import {
  createQuotesStore,
  INITIAL_QUOTES,
  reduceQuotes,
  type QuoteGroupAnswer,
  type QuotesEvent,
  type QuotesState,
} from '../../../src/streams/quotes-store.ts';

const decimal = fc
  .tuple(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 99_999 }))
  .map(([whole, fraction]) => (fraction === 0 ? String(whole) : `${whole}.${fraction}`));

const code = fc.constantFrom('BTC', 'ETH', 'DOT', 'TRX', 'BIB', 'LTC');

/** One quote group of 1-6 pairs with ids from `firstId` on. */
function groupArb(groupId: number, quoteCode: string, firstId: number) {
  return fc
    .array(fc.tuple(code, decimal, decimal, decimal), { minLength: 1, maxLength: 6 })
    .map((pairs): QuoteGroupAnswer => ({
      id: groupId,
      code: quoteCode,
      is_quote: 1,
      cny_price: '7.1',
      usd_price: '1',
      matches: pairs.map(([base, close, change, volume], index) => ({
        id: firstId + index,
        symbol: `${base}/${quoteCode}`,
        base_currency_id: 100 + index,
        quote_currency_id: groupId,
        base_currency_code: base,
        quote_currency_code: quoteCode,
        base_currency: { logo: '' },
        added: 0,
        open_change: 1,
        open_lever: 1,
        open_microtrade: 1,
        lever_point_rate: '0',
        lever_share_num: '1',
        lever_fee_rate: '0.001',
        price_decimals: 2,
        currency_quotation: {
          currency_match_id: firstId + index,
          close,
          change,
          high: close,
          low: close,
          volume,
        },
      })),
    }));
}

const snapshotArb = fc.tuple(groupArb(1, 'USDT', 1), groupArb(2, 'BTC', 50)).map((groups) => groups);
const atArb = fc.integer({ min: 1_600_000_000_000, max: 1_900_000_000_000 });

function ready(groups: QuoteGroupAnswer[]): QuotesState {
  return reduceQuotes(INITIAL_QUOTES, { kind: 'snapshot', groups });
}

describe('kept quotes: encoding', () => {
  it('reads back exactly the rows, groups and time it wrote, for the same backend only', () => {
    fc.assert(
      fc.property(snapshotArb, atArb, (groups, at) => {
        const state = ready(groups);
        const text = encodeKeptQuotes(state, at, 'sim');
        expect(text).not.toBeNull();
        const kept = decodeKeptQuotes(text, 'sim');
        expect(kept?.at).toBe(at);
        expect(kept?.groups).toEqual(state.groups);
        expect(new Map(kept?.rows.map((row) => [row.id, row]))).toEqual(state.rows);
        expect(decodeKeptQuotes(text, 'ws://127.0.0.1:8080/socket')).toBeNull();
      }),
    );
  });

  it('keeps only a live table: nothing is written while loading, kept or unavailable', () => {
    fc.assert(
      fc.property(snapshotArb, atArb, (groups, at) => {
        const kept = decodeKeptQuotes(encodeKeptQuotes(ready(groups), at, 'sim'), 'sim')!;
        const keptState = reduceQuotes(INITIAL_QUOTES, { kind: 'kept', kept });
        expect(keptState.status).toBe('kept');
        expect(encodeKeptQuotes(keptState, at + 1, 'sim')).toBeNull();
        expect(encodeKeptQuotes(INITIAL_QUOTES, at, 'sim')).toBeNull();
        expect(encodeKeptQuotes(reduceQuotes(INITIAL_QUOTES, { kind: 'failed' }), at, 'sim')).toBeNull();
      }),
    );
  });

  it('never throws on what storage holds, and reads anything it did not write as nothing kept', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.constant(null)), (text) => {
        expect(decodeKeptQuotes(text, 'sim')).toBeNull();
      }),
    );
  });

  it('refuses a kept table with one figure changed into something that is not a number', () => {
    const bad = fc.constantFrom('', 'NaN', '1e5', '12,5', '<b>1</b>', ' 1', '--1', 'Infinity');
    const field = fc.constantFrom('close', 'change', 'high', 'low', 'volume');
    fc.assert(
      fc.property(snapshotArb, atArb, bad, field, fc.nat(), (groups, at, value, name, pick) => {
        const parsed = JSON.parse(encodeKeptQuotes(ready(groups), at, 'sim')!) as {
          rows: Record<string, unknown>[];
        };
        parsed.rows[pick % parsed.rows.length]![name] = value;
        expect(decodeKeptQuotes(JSON.stringify(parsed), 'sim')).toBeNull();
      }),
    );
  });
});

describe('kept quotes in the quotes table', () => {
  const pushArb = fc.tuple(fc.integer({ min: 1, max: 55 }), decimal).map(([id, close]): Quote => ({
    currency_match_id: id,
    symbol: `X${id}`,
    close,
    change: '1',
    high: close,
    low: close,
    volume: '1',
  }));

  it('are shown as kept until the first live snapshot, which replaces every one of their figures', () => {
    const events = (live: QuoteGroupAnswer[]) =>
      fc.array(
        fc.oneof(
          fc.constant<QuotesEvent>({ kind: 'failed' }),
          pushArb.map((quote): QuotesEvent => ({ kind: 'quote', quote })),
          fc.constant<QuotesEvent>({ kind: 'snapshot', groups: live }),
        ),
        { maxLength: 30 },
      );
    fc.assert(
      fc.property(
        snapshotArb,
        snapshotArb.chain((live) => fc.tuple(fc.constant(live), events(live))),
        atArb,
        (old, [live, sequence], at) => {
          const kept = decodeKeptQuotes(encodeKeptQuotes(ready(old), at, 'sim'), 'sim')!;
          const start = reduceQuotes(INITIAL_QUOTES, { kind: 'kept', kept });
          const states = sequence.reduce<QuotesState[]>(
            (all, event) => [...all, reduceQuotes(all.at(-1)!, event)],
            [start],
          );
          const firstLive = sequence.findIndex((event) => event.kind === 'snapshot');
          states.forEach((state, index) => {
            if (firstLive === -1 || index <= firstLive) {
              // Before the first snapshot: the kept figures, as they were, marked with their time.
              expect(state.status).toBe('kept');
              expect(state.keptAt).toBe(at);
              expect(state.rows).toEqual(start.rows);
            } else {
              expect(state.status).toBe('ready');
              expect(state.keptAt).toBeNull();
              // Every row is the live snapshot's pair: nothing of the kept table survives it.
              const liveIds = new Set(live.flatMap((group) => group.matches.map((m) => m.id)));
              expect(new Set(state.rows.keys())).toEqual(liveIds);
            }
          });
          // A kept table never stands over a live one.
          const last = states.at(-1)!;
          if (last.status === 'ready') expect(reduceQuotes(last, { kind: 'kept', kept })).toBe(last);
        },
      ),
    );
  });

  it('the store starts from the kept table, then goes live and keeps the live one for next time', async () => {
    const [old, live] = fc.sample(snapshotArb, { numRuns: 2, seed: 7 });
    let stored: string | null = encodeKeptQuotes(ready(old!), 1_700_000_000_000, 'sim');
    const storage = { source: 'sim', read: () => stored, write: (text: string) => (stored = text) };
    let answer: (groups: QuoteGroupAnswer[]) => void = () => undefined;
    const store = createQuotesStore({
      load: () => new Promise((resolve) => (answer = resolve)),
      updates$: new Subject<Quote>(),
      frameScheduler: asyncScheduler,
      keepAliveMs: 0,
      kept: storage,
      now: () => 1_700_000_060_000,
    });
    const seen: QuotesState[] = [];
    const subscription = store.subscribe((state) => seen.push(state));
    expect(seen.map((state) => [state.status, state.keptAt])).toEqual([['kept', 1_700_000_000_000]]);
    answer(live!);
    await vi.waitFor(() => expect(seen.at(-1)?.status).toBe('ready'));
    expect(decodeKeptQuotes(stored, 'sim')?.at).toBe(1_700_000_060_000);
    expect(decodeKeptQuotes(stored, 'sim')?.rows.map((row) => row.close)).toEqual(
      live!.flatMap((group) => group.matches.map((m) => m.currency_quotation.close)),
    );
    subscription.unsubscribe();
  });

  it('a kept table older than a week, or from the future, is not shown', () => {
    const [old] = fc.sample(snapshotArb, { numRuns: 1, seed: 3 });
    for (const age of [KEPT_QUOTES_MAX_AGE_MS + 1, -1]) {
      const stored = encodeKeptQuotes(ready(old!), 1_700_000_000_000, 'sim');
      const store = createQuotesStore({
        load: () => new Promise(() => undefined),
        updates$: new Subject<Quote>(),
        frameScheduler: asyncScheduler,
        keepAliveMs: 0,
        kept: { source: 'sim', read: () => stored, write: () => undefined },
        now: () => 1_700_000_000_000 + age,
      });
      const seen: QuotesState[] = [];
      store.subscribe((state) => seen.push(state)).unsubscribe();
      expect(seen.map((state) => state.status)).toEqual(['loading']);
    }
  });
});
