// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BUILD_QUOTES_ID, SERVED_PAGE_SCRIPT } from '../../../src/api/served-page.ts';
import { FIRST_PAINT_SCRIPT, OPENING_QUOTES_ID, readOpeningTable } from '../../../src/app/first-paint.ts';
import { pageServer } from '../../../src/app/page-server.ts';
import { keepServedQuotes, servedQuotesOfPage } from '../../../src/app/served-quotes.ts';
import { chooseTransport } from '../../../src/app/transport-choice.ts';
import { readPref } from '../../../src/machines/local-prefs.ts';
import { freshOpeningQuotes } from '../../../src/sim/opening-quotes.ts';
import { servedPageHtml } from '../../../src/sim/node/served-page.ts';
import { decodeKeptQuotes } from '../../../src/streams/kept-quotes.ts';
import { startingQuotes } from '../../../src/streams/quotes-store.ts';

/**
 * A page sent by `npm run server -- --app` (issue 27 item 2), as the app meets it: the page names
 * its server, so the app speaks to it and never starts the in-browser simulator, and the server's
 * quotes in it are shown as quotes of their time (`kept`), never as live or as the simulator's
 * opening ones.
 */
const openSimWorker = vi.hoisted(() =>
  vi.fn(() => ({ postMessage: () => undefined, addEventListener: () => undefined })),
);
vi.mock('../../../src/api/transports/sim.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/transports/sim.ts')>()),
  openSimWorker,
}));

const SOCKET = 'ws://localhost:3000/ws';
const OPENING_AT = Date.UTC(2026, 10, 28, 8, 41);
let answer: unknown;

beforeAll(async () => {
  answer = await freshOpeningQuotes(OPENING_AT);
}, 60_000);

/** The fixture page of tests/unit/server, as the server sends it with `quotes`. */
function served(quotes: { at: number; answer: unknown } | null): string {
  return servedPageHtml(
    `<!doctype html><html><head><title>Tessera</title></head><body><div id="root"></div>` +
      `<script type="application/json" id="${BUILD_QUOTES_ID}">{}</script></body></html>`,
    quotes,
  );
}

/** Makes this test's document the page `html` (its head and body). */
function showPage(html: string): void {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  document.head.innerHTML = parsed.head.innerHTML;
  document.body.innerHTML = parsed.body.innerHTML;
}

afterEach(() => {
  localStorage.clear();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  delete document.documentElement.dataset.firstPaint;
  openSimWorker.mockClear();
});

describe("the page's server", () => {
  it('is read from the marker, on the page own origin (ws: or wss: as the page)', () => {
    const doc = new DOMParser().parseFromString(served(null), 'text/html');
    expect(pageServer(doc, 'http://127.0.0.1:8099/trade')).toEqual({
      base: 'http://127.0.0.1:8099',
      socketUrl: 'ws://127.0.0.1:8099/ws',
    });
    expect(pageServer(doc, 'https://exchange.example/home')).toEqual({
      base: 'https://exchange.example',
      socketUrl: 'wss://exchange.example/ws',
    });
    const plain = new DOMParser().parseFromString('<html><head></head></html>', 'text/html');
    expect(pageServer(plain, 'http://127.0.0.1:8099/trade')).toBeNull();
  });

  it('is the backend: HTTP and its socket, no simulator worker, and remembered for visits from the cache', () => {
    showPage(served(null));
    const transport = chooseTransport();
    expect(transport.name).toBe('http');
    expect(transport.socketUrl).toBe(SOCKET);
    expect(openSimWorker).not.toHaveBeenCalled();
    expect(readPref('apiBase')).toBe('http://localhost:3000');
    expect(readPref('socketUrl')).toBe(SOCKET);
    // A later page without the marker (the service worker's cached copy of another build) too.
    document.head.innerHTML = '';
    expect(chooseTransport()).toMatchObject({ name: 'http', socketUrl: SOCKET });
    expect(openSimWorker).not.toHaveBeenCalled();
  });

  it('with storage that takes nothing (private mode, a full quota), the page still names its server', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    try {
      showPage(served(null));
      expect(chooseTransport()).toMatchObject({ name: 'http', socketUrl: SOCKET });
      expect(readPref('apiBase')).toBeNull();
      expect(openSimWorker).not.toHaveBeenCalled();
    } finally {
      setItem.mockRestore();
    }
  });

  it('a page without the marker and nothing stored: the in-browser simulator', () => {
    expect(chooseTransport().name).toBe('sim');
    expect(openSimWorker).toHaveBeenCalledTimes(1);
  });

  it('a server chosen by hand (api_base) stays chosen, without the page server socket', () => {
    localStorage.setItem('api_base', 'https://other.example');
    showPage(served(null));
    expect(chooseTransport()).toMatchObject({ name: 'http', socketUrl: 'wss://other.example/socket' });
    expect(readPref('apiBase')).toBe('https://other.example');
    expect(readPref('socketUrl')).toBeNull();
  });
});

describe("the served page's first paint", () => {
  function firstPaintWith(stored: Record<string, string>): string | undefined {
    for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
    new Function(FIRST_PAINT_SCRIPT)();
    new Function(SERVED_PAGE_SCRIPT)();
    return document.documentElement.dataset.firstPaint;
  }

  it("is held where the build's page would be hydrated as it stands; another language stays held-text", () => {
    expect(firstPaintWith({})).toBe('held');
    localStorage.clear();
    expect(firstPaintWith({ lang: 'de' })).toBe('held-text');
    localStorage.clear();
    expect(firstPaintWith({ token: 't' })).toBe('held');
  });

  it("takes out the element the build's quotes are in (the same id as first-paint.ts)", () => {
    expect(BUILD_QUOTES_ID).toBe(OPENING_QUOTES_ID);
    expect(served(null)).not.toContain(OPENING_QUOTES_ID);
  });
});

describe("the server's quotes in its page", () => {
  const http = { name: 'http', socketUrl: SOCKET } as const;

  it('are kept as that server last quotes, with their time: the app starts from them as `kept` (as of their time)', () => {
    const at = Date.now() - 5_000;
    showPage(served({ at, answer }));
    expect(servedQuotesOfPage()).toEqual({ at, answer });
    expect(keepServedQuotes(http)).toBe(true);
    const text = readPref('lastQuotes');
    const kept = decodeKeptQuotes(text, SOCKET);
    expect(kept?.at).toBe(at);
    expect(kept?.rows.length).toBeGreaterThan(5);
    // Never the simulator's opening table, which a hydrated page would show as `opening`.
    expect(readOpeningTable(text)).toBeNull();
    const start = startingQuotes({
      kept: { source: SOCKET, read: () => readPref('lastQuotes'), write: () => undefined },
      now: Date.now(),
    });
    expect(start.status).toBe('kept');
    expect(start.keptAt).toBe(at);
  });

  it('never replace newer kept quotes, never come from the future, and belong to their server only', () => {
    const now = Date.now();
    showPage(served({ at: now - 60_000, answer }));
    expect(keepServedQuotes(http, now)).toBe(true);
    showPage(served({ at: now - 120_000, answer }));
    expect(keepServedQuotes(http, now)).toBe(false);
    expect(decodeKeptQuotes(readPref('lastQuotes'), SOCKET)?.at).toBe(now - 60_000);
    // A server clock ahead of this one: kept as of this browser's now, not later.
    showPage(served({ at: now + 30_000, answer }));
    expect(keepServedQuotes(http, now)).toBe(true);
    expect(decodeKeptQuotes(readPref('lastQuotes'), SOCKET)?.at).toBe(now);
    localStorage.clear();
    expect(keepServedQuotes({ name: 'http', socketUrl: 'wss://other.example/ws' }, now)).toBe(false);
    expect(keepServedQuotes({ name: 'sim', socketUrl: 'sim://socket' }, now)).toBe(false);
    expect(readPref('lastQuotes')).toBeNull();
  });

  it('a page with no quotes, or quotes that are no good answer, keeps nothing', () => {
    showPage(served(null));
    expect(keepServedQuotes(http)).toBe(false);
    showPage(served({ at: Date.now(), answer: { code: 0, msg: 'down', data: null } }));
    expect(keepServedQuotes(http)).toBe(false);
    expect(readPref('lastQuotes')).toBeNull();
  });
});
