import { describe, expect, it } from 'vitest';
import { marketCalls } from '../../../src/api/catalogue/market.ts';
import { decodeEnvelope } from '../../../src/api/envelope.ts';
import { firstQuotesRequest } from '../../../src/app/early-backend.ts';
import { readOpeningTable } from '../../../src/app/first-paint.ts';
import { openingTableText } from '../../../src/app/opening-table.ts';
import { prerenderPage } from '../../../src/app/prerender-page.tsx';
import { DEFAULT_LANGUAGE } from '../../../src/domain/languages.ts';
import { numberTextFor } from '../../../src/domain/number-locale.ts';
import { choosePair, listedPairs } from '../../../src/domain/spot/pair-list.ts';
import { openFirstStage } from '../../../src/sim/first-stage.ts';
import { freshOpeningDayWindows } from '../../../src/sim/fresh-opening-day-windows.ts';
import {
  parseOpeningDayWindows,
  type OpeningDayWindows,
} from '../../../src/sim/market/opening-day-windows.ts';
import { freshOpeningQuotes } from '../../../src/sim/opening-quotes.ts';
import { loadServerMessages } from '../../../src/sim/server-messages.ts';
import {
  allRows,
  INITIAL_QUOTES,
  reduceQuotes,
  type QuotesState,
} from '../../../src/streams/quotes-store.ts';

/** A build's opening instant (whole minutes, as scripts/prerender/plugin.ts takes it). */
const OPENING_AT = Date.UTC(2026, 10, 28, 8, 41);
const DAY_MS = 86_400_000;

/** The quotes table the page shows for the first answer of a worker opened as the browser opens it. */
async function workersFirstTable(options: {
  fresh: boolean;
  visitedAt: number;
  openingDayWindows?: OpeningDayWindows;
  /** The wall clock moves on by a millisecond at each read, as a browser's does while the worker opens. */
  clockRuns?: boolean;
}): Promise<QuotesState> {
  let reads = 0;
  const first = await openFirstStage({
    fresh: options.fresh,
    store: null,
    realNow: () => options.visitedAt + (options.clockRuns ? reads++ : 0),
    openingAt: OPENING_AT,
    messages: loadServerMessages,
    openingDayWindows: options.openingDayWindows,
  });
  // The latest a page can ask: after the worker's second stage has moved its clock on.
  first.catchUpWithWallClock();
  const envelope = await first.stage.server.handle(firstQuotesRequest('en', ''));
  const outcome = decodeEnvelope(envelope, marketCalls['market/currency_matches'].answer);
  if (outcome.kind !== 'ok') throw new Error(`the first answer failed: ${outcome.kind}`);
  return reduceQuotes(INITIAL_QUOTES, { kind: 'snapshot', groups: outcome.data });
}

/** What the build writes into the prerendered pages, read back as the browser reads it. */
async function prerenderedTable() {
  const text = openingTableText(await freshOpeningQuotes(OPENING_AT), OPENING_AT);
  const table = readOpeningTable(text);
  if (!table) throw new Error('the build wrote no opening table');
  return table;
}

describe('the quotes in the prerendered pages', () => {
  it("equal a fresh profile's first answer, whenever after the build it visits", async () => {
    const prerendered = await prerenderedTable();
    expect(prerendered.rows.length).toBeGreaterThan(5);
    for (const visitedAt of [OPENING_AT, OPENING_AT + 90_000, OPENING_AT + 3 * DAY_MS]) {
      const live = await workersFirstTable({ fresh: true, visitedAt });
      expect(prerendered.groups).toEqual(live.groups);
      expect(prerendered.rows).toEqual([...live.rows.values()]);
    }
  });

  it("are a fresh profile's first answer too where its worker takes the build's day of candles", async () => {
    const prerendered = await prerenderedTable();
    // As the build folds them (scripts/prerender/opening-day-windows.ts) and the JSON text it compiles in.
    const built = parseOpeningDayWindows(JSON.stringify(await freshOpeningDayWindows(OPENING_AT)));
    if (!built) throw new Error('the build folded no windows');
    expect(built.pairs.length).toBe(prerendered.rows.length);
    for (const visitedAt of [OPENING_AT, OPENING_AT + 3 * DAY_MS]) {
      const live = await workersFirstTable({
        fresh: true,
        visitedAt,
        openingDayWindows: built,
        clockRuns: true,
      });
      expect(prerendered.rows).toEqual([...live.rows.values()]);
    }
    // ...and it did take them: windows with another 24 h high show it.
    const [pairId, bar] = built.pairs[0]!;
    const tampered: OpeningDayWindows = {
      at: built.at,
      pairs: [[pairId, bar && { ...bar, high: bar.high * 2 }], ...built.pairs.slice(1)],
    };
    const misled = await workersFirstTable({
      fresh: true,
      visitedAt: OPENING_AT + DAY_MS,
      openingDayWindows: tampered,
      clockRuns: true,
    });
    const row = (table: QuotesState) => [...table.rows.values()].find((quote) => quote.id === pairId);
    expect(row(misled)?.high).not.toBe(prerendered.rows.find((quote) => quote.id === pairId)?.high);
  });

  it("are not a returning profile's: its exchange resumes at its own time", async () => {
    const prerendered = await prerenderedTable();
    const returning = await workersFirstTable({ fresh: false, visitedAt: OPENING_AT + DAY_MS });
    expect(prerendered.rows.map((row) => row.close)).not.toEqual(
      [...returning.rows.values()].map((row) => row.close),
    );
  });
});

/**
 * The text a reader gets of the `tag` element whose start tag holds `at` in `html` (to its first
 * closing tag): what is hidden from readers (a coin icon's letter) left out.
 */
function textOf(html: string, at: number, tag: string): string {
  const start = html.lastIndexOf(`<${tag} `, at);
  const end = html.indexOf(`</${tag}>`, at);
  if (at < 0 || start < 0 || end < 0) throw new Error(`no <${tag}> at ${at}`);
  return html
    .slice(start, end)
    .replace(/<!--.*?-->/g, '')
    .replace(/<span[^>]*aria-hidden="true"[^>]*>.*?<\/span>/g, '')
    .replace(/<[^>]*>/g, '')
    .replace(/&amp;/g, '&');
}

describe('the prerendered /trade', () => {
  it("shows the default pair's header and the pair list with a fresh profile's first answer", async () => {
    const { body: html } = await prerenderPage('/trade', await prerenderedTable(), null);
    // The worker's first answer, an hour after the build, written as the page writes numbers.
    const live = await workersFirstTable({ fresh: true, visitedAt: OPENING_AT + 3_600_000 });
    const numbers = numberTextFor(DEFAULT_LANGUAGE);
    const pair = choosePair(allRows(live), { symbol: null, id: null, stored: null });
    if (!pair) throw new Error('the first answer has no tradable pair');

    const at = html.indexOf('data-testid="market-header"');
    // The opening quotes, as the exchange's own first answer: not kept ones, not greyed.
    expect(html.slice(at, html.indexOf('>', at))).toContain('data-quotes="opening"');
    const header = textOf(html, at, 'section');
    expect(header).toBe(
      `${pair.base}/${pair.quote}` +
        numbers.price(pair.close, pair.priceDecimals) +
        `24h change${numbers.change(pair.change)}` +
        `24h high${numbers.price(pair.high, pair.priceDecimals)}` +
        `24h low${numbers.price(pair.low, pair.priceDecimals)}` +
        `24h volume (${pair.base})${numbers.compact(pair.volume)}`,
    );

    // The list's tab is the pair's quote currency: its tradable pairs, in the exchange's order.
    const listed = listedPairs(allRows(live), pair.quote, '', new Set());
    const shown = [...html.matchAll(/<button type="button" class="pairs-row"[^>]*>/g)].map((match) =>
      textOf(html, match.index, 'button'),
    );
    expect(shown).toEqual(
      listed.map(
        (row) =>
          `${row.base}/${row.quote}${numbers.price(row.close, row.priceDecimals)}${numbers.change(row.change)}`,
      ),
    );
    expect(shown.length).toBeGreaterThan(3);
  });
});
