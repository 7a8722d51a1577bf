import { describe, expect, it, vi } from 'vitest';
import { BUILD_QUOTES_ID, SERVED_QUOTES_ID, SERVER_API_META } from '../../../src/api/served-page.ts';
import { currentQuotes, servedPage, servedPageHtml } from '../../../src/sim/node/served-page.ts';
import type { SimServer } from '../../../src/sim/server.ts';

/** The HTML rewrite of `npm run server -- --app` (sim/node/served-page.ts), on its own. */
const PAGE =
  '<html><head><title>T</title></head><body><div id="root"></div>' +
  `<script type="application/json" id="${BUILD_QUOTES_ID}">{"at":1}</script></body></html>`;

const exchange = (answer: Promise<unknown>): Pick<SimServer, 'handle'> => ({
  handle: vi.fn(() => answer) as unknown as SimServer['handle'],
});

describe('servedPageHtml', () => {
  it('escapes the quotes for a <script> element: nothing in them can end it', () => {
    const answer = { code: 1, msg: '</script><script>alert(1)</script><!--', data: [] };
    const html = servedPageHtml(PAGE, { at: 5, answer });
    const start = html.indexOf(`id="${SERVED_QUOTES_ID}">`) + `id="${SERVED_QUOTES_ID}">`.length;
    const body = html.slice(start, html.indexOf('</script>', start));
    expect(body).not.toContain('<');
    expect(JSON.parse(body)).toEqual({ at: 5, answer });
  });

  it("takes the quotes' text as it is (a `$&` in them is no replacement pattern)", () => {
    const answer = { code: 1, msg: "$& $' $` $1", data: [] };
    const html = servedPageHtml(PAGE, { at: 5, answer });
    expect(html).not.toContain(BUILD_QUOTES_ID);
    expect(html).toContain(JSON.stringify({ at: 5, answer }));
  });

  it('puts the marker first in a page without a head, and adds no quotes to a page that had none', () => {
    const html = servedPageHtml('<p>hello</p>', { at: 5, answer: {} });
    expect(html.startsWith(`<meta name="${SERVER_API_META}"`)).toBe(true);
    expect(html).not.toContain(SERVED_QUOTES_ID);
  });
});

describe('currentQuotes', () => {
  it('asks the exchange as GET /api/market/currency_matches does, and stamps the time it asked', async () => {
    const server = exchange(Promise.resolve({ code: 1, msg: '', data: [] }));
    await expect(currentQuotes(server, () => 42)).resolves.toEqual({
      at: 42,
      answer: { code: 1, msg: '', data: [] },
    });
    expect(server.handle).toHaveBeenCalledWith(
      expect.objectContaining({ method: 'GET', path: 'market/currency_matches', payload: {} }),
    );
  });

  it('an error answer, a failure or an exchange too slow: no quotes, and the page is still sent', async () => {
    await expect(
      currentQuotes(exchange(Promise.resolve({ code: 0, msg: 'x', data: null })), () => 1),
    ).resolves.toBeNull();
    await expect(currentQuotes(exchange(Promise.reject(new Error('down'))), () => 1)).resolves.toBeNull();
    vi.useFakeTimers();
    try {
      const slow = currentQuotes(exchange(new Promise(() => undefined)), () => 1);
      await vi.advanceTimersByTimeAsync(2_000);
      await expect(slow).resolves.toBeNull();
    } finally {
      vi.useRealTimers();
    }
    const page = await servedPage(PAGE, exchange(Promise.reject(new Error('down'))), () => 1);
    expect(page).toContain(SERVER_API_META);
    expect(page).not.toContain(BUILD_QUOTES_ID);
  });

  it('a page without quotes never asks the exchange', async () => {
    const server = exchange(Promise.resolve({ code: 1, msg: '', data: [] }));
    await servedPage('<html><head></head><body></body></html>', server, () => 1);
    expect(server.handle).not.toHaveBeenCalled();
  });
});
