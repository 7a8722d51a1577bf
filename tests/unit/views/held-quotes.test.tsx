// @vitest-environment jsdom
import fc from 'fast-check';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_PAINT_STYLE, liveTableOfPage } from '../../../src/app/first-paint.ts';
import {
  paintKeptNote,
  paintKeptQuotes,
  paintLiveQuotes,
  paintQuotes,
} from '../../../src/app/held-quotes.ts';
import { numberTextFor } from '../../../src/domain/number-locale.ts';
import { encodeKeptQuotes } from '../../../src/streams/kept-quotes.ts';
import {
  INITIAL_QUOTES,
  reduceQuotes,
  type MarketRow,
  type QuotesState,
} from '../../../src/streams/quotes-store.ts';
import { MarketTableRow, QuoteCells } from '../../../src/views/components/MarketTableRow.tsx';
import { KEPT_NOTE_ATTRIBUTE, KEPT_TIME_SLOT } from '../../../src/views/components/kept-note.ts';
import { HomeMarketTable } from '../../../src/views/pages/home/MarketBlocks.tsx';
import { GROUPS, i18n } from './harness.tsx';

const decimal = fc
  .tuple(fc.bigInt({ min: 0n, max: 10n ** 14n }), fc.integer({ min: 0, max: 8 }), fc.boolean())
  .map(([units, places, negative]) => {
    const text = units.toString().padStart(places + 1, '0');
    const plain = places === 0 ? text : `${text.slice(0, -places)}.${text.slice(-places)}`;
    return negative && units > 0n ? `-${plain}` : plain;
  });
const positive = decimal.map((text) => text.replace('-', ''));

/** A pair's quote as the quotes table holds it (any figures the exchange may send). */
const row = (id: number) =>
  fc.record({
    id: fc.constant(id),
    symbol: fc.constant('BTC/USDT'),
    base: fc.constant('BTC'),
    quote: fc.constant('USDT'),
    logo: fc.constant(''),
    close: positive,
    change: decimal,
    high: positive,
    low: positive,
    volume: positive,
    quoteVolume: fc.oneof(fc.constant(''), positive),
    priceDecimals: fc.option(fc.integer({ min: 0, max: 8 }), { nil: undefined }),
    openChange: fc.constant(false),
    tick: fc.constant(null),
    tickSeq: fc.constant(0),
  }) as fc.Arbitrary<MarketRow>;

function tableOf(rows: readonly MarketRow[], status: QuotesState['status'] = 'kept'): QuotesState {
  return {
    ...INITIAL_QUOTES,
    status,
    groups: [{ id: 1, code: 'USDT', usdPrice: '1', rowIds: rows.map((r) => r.id) }],
    rows: new Map(rows.map((r) => [r.id, r])),
    keptAt: status === 'kept' ? 1 : null,
  };
}

/** The markets table's rows as the views render them (the prerendered page's, or the app's). */
function tableHtml(rows: readonly MarketRow[]): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <table data-quotes="opening" className="mkt-table">
        <tbody>
          {rows.map((r) => (
            <MarketTableRow key={r.id} row={r} testId="market-row">
              <QuoteCells row={r} />
            </MarketTableRow>
          ))}
        </tbody>
      </table>
    </MemoryRouter>,
  );
}

/** The home page's markets table as the views render `quotes` (its subtitle is a kept-quotes note's place). */
function homeTableHtml(quotes: QuotesState): string {
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <HomeMarketTable quotes={quotes} />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

/** What a person reads of a page's kept-quotes note (none: null), and whether it is hidden. */
function note(root: ParentNode) {
  const element = root.querySelector<HTMLElement>('[data-testid="kept-quotes-note"]');
  return element === null ? null : { text: element.textContent, hidden: element.hidden };
}

/** What a person reads in each quote figure: its text, its exact figure, its colour. */
function figures(root: ParentNode) {
  return [...root.querySelectorAll<HTMLElement>('[data-quote-field]')].map((element) => ({
    field: element.dataset.quoteField,
    text: element.textContent,
    title: element.title,
    direction: element.dataset.direction ?? null,
    colour: [...element.classList].filter((name) => /^change-(up|down|flat)$/.test(name)),
  }));
}

afterEach(() => {
  document.documentElement.removeAttribute('data-first-paint');
  document.documentElement.removeAttribute('data-address-query');
  document.body.innerHTML = '';
  localStorage.clear();
});

describe('a held page painted with the kept quotes', () => {
  it('shows every quote figure exactly as the app renders the same table', () => {
    const numbers = numberTextFor('en');
    fc.assert(
      fc.property(fc.tuple(row(1), row(2)), fc.tuple(row(1), row(2)), (built, kept) => {
        const page = document.createElement('div');
        page.innerHTML = tableHtml(built);
        const painted = paintQuotes(page, tableOf(kept), numbers);
        const app = document.createElement('div');
        app.innerHTML = tableHtml(kept);
        expect(painted).toBe(12);
        expect(figures(page)).toEqual(figures(app));
        // Marked as kept, never as live.
        const table = page.querySelector<HTMLElement>('[data-quotes]')!;
        expect(table.dataset.quotes).toBe('kept');
        expect(table.classList.contains('quotes-kept')).toBe(true);
        expect(page.querySelectorAll('[data-quote-field]:not([data-painted])')).toHaveLength(0);
      }),
      { numRuns: 150 },
    );
  });

  it('paints only a held page still as built, at its own address, from this backend kept quotes', () => {
    const kept = fc.sample(row(1), 1)[0]!;
    const opening = { ...kept, close: '1', change: '0' };
    const show = () => {
      document.body.innerHTML = `<div id="root" data-prerendered="/">${tableHtml([opening])}</div>`;
    };
    localStorage.setItem(
      'last_quotes',
      encodeKeptQuotes(tableOf([kept], 'ready'), Date.now() - 60_000, 'sim')!,
    );
    const sim = { name: 'sim', socketUrl: '' } as const;

    show();
    document.documentElement.dataset.firstPaint = 'hydrate';
    expect(paintKeptQuotes(sim, 'en')).toBe(0);
    document.documentElement.dataset.firstPaint = 'held-text';
    expect(paintKeptQuotes(sim, 'en')).toBe(0);
    document.documentElement.dataset.firstPaint = 'held';
    document.documentElement.dataset.addressQuery = '';
    expect(paintKeptQuotes(sim, 'en')).toBe(0);
    delete document.documentElement.dataset.addressQuery;
    // Quotes kept from another backend are not this one's.
    expect(paintKeptQuotes({ name: 'http', socketUrl: 'wss://elsewhere/ws' }, 'en')).toBe(0);
    expect(document.querySelector('[data-painted]')).toBeNull();

    expect(paintKeptQuotes(sim, 'en')).toBe(6);
    const app = document.createElement('div');
    app.innerHTML = tableHtml([kept]);
    expect(figures(document.getElementById('root')!)).toEqual(figures(app));
  });

  it("writes the note with the kept quotes' time as the app writes it, and takes it back as built", () => {
    const rows = [...reduceQuotes(INITIAL_QUOTES, { kind: 'snapshot', groups: GROUPS }).rows.values()];
    const opening = { ...tableOf(rows, 'ready'), status: 'opening' as const };
    // Any instant of the day a visitor may have been here, within the week kept quotes stand.
    fc.assert(
      fc.property(fc.integer({ min: 1_700_000_000_000, max: 1_900_000_000_000 }), (keptAt) => {
        const page = document.createElement('div');
        page.innerHTML = homeTableHtml(opening);
        const built = page.innerHTML;
        expect(note(page)).toBeNull();
        expect(paintKeptNote(page, keptAt, 'en')).toBe(1);
        const app = document.createElement('div');
        app.innerHTML = homeTableHtml({ ...tableOf(rows), keptAt });
        expect(note(app)?.text).toMatch(/^Prices as of \d{2}:\d{2}:\d{2}/);
        expect(note(page)).toEqual(note(app));
        // Live quotes: the subtitle the page was built with, as it was.
        expect(paintKeptNote(page, null, 'en')).toBe(0);
        expect(page.innerHTML).toBe(built);
      }),
      { numRuns: 40 },
    );
  });

  it('shows painted figures of a held page and hides the others', () => {
    expect(FIRST_PAINT_STYLE).toMatch(
      /\[data-first-paint='held'\] #root \.num,[^{]*\{ visibility: hidden; \}/,
    );
    const shown = FIRST_PAINT_STYLE.indexOf(
      "html[data-first-paint='held'] #root [data-painted] { visibility: visible; }",
    );
    // After the rule that hides them, with the same weight: it wins.
    expect(shown).toBeGreaterThan(FIRST_PAINT_STYLE.indexOf('visibility: hidden'));
  });
});

/** A held page as built, whose visitor kept `kept` (shown a minute ago) on the simulator. */
function heldPage(built: readonly MarketRow[], kept: readonly MarketRow[]): void {
  const subtitle = `<p ${KEPT_NOTE_ATTRIBUTE}="As of ${KEPT_TIME_SLOT}, not live">Live figures</p>`;
  document.body.innerHTML = `<div id="root" data-prerendered="/">${subtitle}${tableHtml(built)}</div>`;
  document.documentElement.dataset.firstPaint = 'held';
  localStorage.setItem('last_quotes', encodeKeptQuotes(tableOf(kept, 'ready'), Date.now() - 60_000, 'sim')!);
}

/** The entry module's transport: its early answer, and whether the app has taken it. */
function earlyAnswer(envelope: unknown, taken: () => boolean) {
  return {
    name: 'sim' as const,
    socketUrl: '',
    primedAnswer: Promise.resolve(envelope),
    primedAnswerGiven: taken,
  };
}

const settle = (ms = 0) => new Promise((done) => setTimeout(done, ms));

/** Often enough to see a state that lasts a few ms (expect.poll's default is every 50 ms). */
const OFTEN = { interval: 2, timeout: 5_000 };

describe("a held page painted with the exchange's early answer", () => {
  // paintLiveQuotes loads the answer's schema (zod and the catalogue's market calls) with the
  // answer. Loaded here first, as a page would have it by the time its answer comes, so the
  // waits below measure the painter, not a first import (150 ms and more with another file
  // running beside this one).
  beforeAll(async () => {
    await Promise.all([
      import('../../../src/api/catalogue/market.ts'),
      import('../../../src/api/envelope.ts'),
    ]);
  });
  const live = reduceQuotes(INITIAL_QUOTES, { kind: 'snapshot', groups: GROUPS });
  const liveRows = [...live.rows.values()].slice(0, 3);
  const keptRows = liveRows.map((r) => ({ ...r, close: '1.5', change: '-3' }));
  const builtRows = liveRows.map((r) => ({ ...r, close: '2', change: '0' }));

  it('shows the answer as live, as the app renders it, and hands the app that table', async () => {
    heldPage(builtRows, keptRows);
    expect(paintKeptQuotes({ name: 'sim', socketUrl: '' }, 'en')).toBe(18);
    const table = document.querySelector<HTMLElement>('[data-quotes]')!;
    expect(table.dataset.quotes).toBe('kept');
    expect(note(document)?.text).toMatch(/^As of \d{2}:\d{2}:\d{2}( [AP]M)?, not live$/);
    paintLiveQuotes(
      earlyAnswer({ code: 1, msg: '', data: GROUPS }, () => true),
      'en',
      20,
    );
    await expect.poll(() => table.dataset.quotes, OFTEN).toBe('ready');
    await settle(50);
    const app = document.createElement('div');
    app.innerHTML = tableHtml(liveRows);
    expect(figures(document.getElementById('root')!)).toEqual(figures(app));
    expect(table.dataset.quotes).toBe('ready');
    expect(table.classList.contains('quotes-kept')).toBe(false);
    expect(note(document)).toBeNull();
    expect(document.querySelector(`[${KEPT_NOTE_ATTRIBUTE}]`)?.textContent).toBe('Live figures');
    // Taken by the app in time: it stays live, and is the table the app starts from.
    expect(liveTableOfPage()?.rows).toEqual(live.rows);
  });

  it('goes back to the kept quotes when the app has not taken the answer in time', async () => {
    heldPage(builtRows, keptRows);
    paintKeptQuotes({ name: 'sim', socketUrl: '' }, 'en');
    paintLiveQuotes(
      earlyAnswer({ code: 1, msg: '', data: GROUPS }, () => false),
      'en',
      200,
    );
    const table = document.querySelector<HTMLElement>('[data-quotes]')!;
    await expect.poll(() => table.dataset.quotes, OFTEN).toBe('ready');
    expect(note(document)).toBeNull();
    // Not taken within its 200 ms: the kept quotes again.
    await expect.poll(() => table.dataset.quotes, OFTEN).toBe('kept');
    expect(note(document)?.text).toMatch(/^As of \d{2}:\d{2}:\d{2}( [AP]M)?, not live$/);
    expect(table.classList.contains('quotes-kept')).toBe(true);
    expect(liveTableOfPage()).toBeNull();
    const app = document.createElement('div');
    app.innerHTML = tableHtml(keptRows);
    expect(figures(document.getElementById('root')!)).toEqual(figures(app));
  });

  it('writes nothing for an answer that is not a valid quotes table', async () => {
    for (const envelope of [
      { code: 1, msg: '', data: [{ id: 'x' }] },
      { code: 0, msg: 'down', data: null },
      'not an envelope',
    ]) {
      heldPage(builtRows, []);
      localStorage.clear();
      paintLiveQuotes(
        earlyAnswer(envelope, () => true),
        'en',
        20,
      );
      await settle(50);
      expect(document.querySelector('[data-painted]')).toBeNull();
      expect(document.querySelector<HTMLElement>('[data-quotes]')!.dataset.quotes).toBe('opening');
    }
    // The same wait is long enough for a valid answer to be painted: the above is not a race won.
    heldPage(builtRows, []);
    localStorage.clear();
    paintLiveQuotes(
      earlyAnswer({ code: 1, msg: '', data: GROUPS }, () => true),
      'en',
      20,
    );
    await settle(50);
    expect(document.querySelector<HTMLElement>('[data-quotes]')!.dataset.quotes).toBe('ready');
  });
});

describe('once the app renders into the page', () => {
  it('nothing else writes into it', async () => {
    const { appTakesPage } = await import('../../../src/app/first-paint.ts');
    const live = reduceQuotes(INITIAL_QUOTES, { kind: 'snapshot', groups: GROUPS });
    const rows = [...live.rows.values()].slice(0, 2);
    heldPage(rows, rows);
    appTakesPage();
    expect(paintKeptQuotes({ name: 'sim', socketUrl: '' }, 'en')).toBe(0);
    paintLiveQuotes(
      earlyAnswer({ code: 1, msg: '', data: GROUPS }, () => true),
      'en',
      20,
    );
    await settle(50);
    expect(document.querySelector('[data-painted]')).toBeNull();
  });
});
