// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { firstQuotesRequest } from '../../../src/app/early-backend.ts';
import { answersOpeningTable, showOpeningAsLive } from '../../../src/app/early-live-quotes.ts';
import { OPENING_QUOTES_ID, readOpeningTable } from '../../../src/app/first-paint.ts';
import { openingTableText } from '../../../src/app/opening-table.ts';
import { PRIMED_ANSWER_FRESH_MS } from '../../../src/app/primed-transport.ts';
import { openFirstStage } from '../../../src/sim/first-stage.ts';
import { freshOpeningQuotes } from '../../../src/sim/opening-quotes.ts';
import { loadServerMessages } from '../../../src/sim/server-messages.ts';
import type { KeptQuotes } from '../../../src/streams/kept-quotes.ts';

/** A build's opening instant (whole minutes, as scripts/prerender/plugin.ts takes it). */
const OPENING_AT = Date.UTC(2026, 10, 28, 8, 41);
const DAY_MS = 86_400_000;

/** The table text the build writes into the page, and the exchange's first answer of a profile. */
let openingText = '';
let opening: KeptQuotes;
let freshAnswer: unknown;
let returningAnswer: unknown;

async function firstAnswer(fresh: boolean, visitedAt: number): Promise<unknown> {
  const first = await openFirstStage({
    fresh,
    store: null,
    realNow: () => visitedAt,
    openingAt: OPENING_AT,
    messages: loadServerMessages,
  });
  return first.stage.server.handle(firstQuotesRequest('en', ''));
}

beforeAll(async () => {
  openingText = openingTableText(await freshOpeningQuotes(OPENING_AT), OPENING_AT) ?? '';
  opening = readOpeningTable(openingText)!;
  freshAnswer = await firstAnswer(true, OPENING_AT + 3_600_000);
  returningAnswer = await firstAnswer(false, OPENING_AT + DAY_MS);
}, 60_000);

/** A copy of the answer with one thing changed by `change` (which gets the copy to edit). */
function changed(answer: unknown, change: (copy: { data: Array<Record<string, unknown>> }) => void): unknown {
  const copy = structuredClone(answer) as { data: Array<Record<string, unknown>> };
  change(copy);
  return copy;
}

type Match = {
  id: number;
  symbol: string;
  price_decimals?: number;
  currency_quotation: Record<string, string>;
};
const firstMatch = (copy: { data: Array<Record<string, unknown>> }) => (copy.data[0]!.matches as Match[])[0]!;

describe('answersOpeningTable', () => {
  it("holds for a fresh profile's first answer, which the page was built with", () => {
    expect(opening.rows.length).toBeGreaterThan(5);
    expect(answersOpeningTable(freshAnswer, opening)).toBe(true);
  });

  it("fails for a returning profile's answer: its exchange has moved on", () => {
    expect(answersOpeningTable(returningAnswer, opening)).toBe(false);
  });

  it('fails when any one figure, pair, group or the envelope differs', () => {
    const edits: Array<(copy: { data: Array<Record<string, unknown>> }) => void> = [
      ...(['close', 'change', 'high', 'low', 'volume', 'quote_volume'] as const).map(
        (field) => (copy: { data: Array<Record<string, unknown>> }) =>
          (firstMatch(copy).currency_quotation[field] = '1.5'),
      ),
      (copy) => (firstMatch(copy).symbol = 'XXX/USDT'),
      (copy) => (firstMatch(copy).price_decimals = 9),
      (copy) => (copy.data[0]!.matches as Match[]).reverse(),
      (copy) => (copy.data[0]!.matches as Match[]).pop(),
      (copy) => (copy.data[0]!.usd_price = '2'),
      (copy) => copy.data.reverse(),
      (copy) => copy.data.pop(),
    ];
    for (const edit of edits) expect(answersOpeningTable(changed(freshAnswer, edit), opening)).toBe(false);
    expect(answersOpeningTable({ ...(freshAnswer as object), code: 0 }, opening)).toBe(false);
    expect(answersOpeningTable(null, opening)).toBe(false);
    expect(answersOpeningTable({ code: 1, data: 'quotes' }, opening)).toBe(false);
  });
});

/** A prerendered /markets as the browser has it before the app: `paint` as the head script chose. */
function prerenderedPage(paint: 'hydrate' | 'held'): HTMLElement {
  document.documentElement.dataset.firstPaint = paint;
  document.body.innerHTML = `<div id="root" data-prerendered="${window.location.pathname}">
    <table data-testid="markets-table" data-quotes="opening"></table>
    <section data-testid="market-header" data-quotes="opening"></section>
  </div><script type="application/json" id="${OPENING_QUOTES_ID}"></script>`;
  document.getElementById(OPENING_QUOTES_ID)!.textContent = openingText;
  return document.querySelector('[data-testid="markets-table"]')!;
}

/** The entry module's transport as far as the page needs it: the early answer, and whether it was taken. */
function primed(answer: unknown) {
  let given = false;
  return {
    transport: { primedAnswer: Promise.resolve(answer), primedAnswerGiven: () => given },
    take: () => (given = true),
  };
}

describe('showOpeningAsLive', () => {
  afterEach(() => {
    vi.useRealTimers();
    delete document.documentElement.dataset.firstPaint;
  });

  it('marks the tables live once the answer confirms them, until the app takes that answer', async () => {
    vi.useFakeTimers();
    const table = prerenderedPage('hydrate');
    const { transport, take } = primed(freshAnswer);
    showOpeningAsLive(transport);
    await vi.advanceTimersByTimeAsync(0);
    expect(table.dataset.quotes).toBe('ready');
    expect(document.querySelector<HTMLElement>('[data-testid="market-header"]')!.dataset.quotes).toBe(
      'ready',
    );
    take();
    await vi.advanceTimersByTimeAsync(PRIMED_ANSWER_FRESH_MS + 1);
    expect(table.dataset.quotes).toBe('ready');
  });

  it('says opening again when the app has not taken the answer while it stood for now', async () => {
    vi.useFakeTimers();
    const table = prerenderedPage('hydrate');
    showOpeningAsLive(primed(freshAnswer).transport);
    await vi.advanceTimersByTimeAsync(PRIMED_ANSWER_FRESH_MS - 1);
    expect(table.dataset.quotes).toBe('ready');
    await vi.advanceTimersByTimeAsync(2);
    expect(table.dataset.quotes).toBe('opening');
  });

  it('never marks figures live that the answer does not confirm (stale ones)', async () => {
    const table = prerenderedPage('hydrate');
    const stale = changed(freshAnswer, (copy) => (firstMatch(copy).currency_quotation.close = '1.5'));
    showOpeningAsLive(primed(stale).transport);
    showOpeningAsLive(primed(returningAnswer).transport);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(table.dataset.quotes).toBe('opening');
  });

  it("leaves a held page (a returning visitor's) and a page the app has taken alone", async () => {
    const held = prerenderedPage('held');
    showOpeningAsLive(primed(freshAnswer).transport);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(held.dataset.quotes).toBe('opening');

    const taken = prerenderedPage('hydrate');
    showOpeningAsLive(primed(freshAnswer).transport);
    // The app's first page mounted before the answer came (views/first-page.ts).
    delete document.documentElement.dataset.firstPaint;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(taken.dataset.quotes).toBe('opening');
  });
});
