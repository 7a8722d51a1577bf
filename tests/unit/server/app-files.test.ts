import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVED_QUOTES_ID, SERVER_API_META, SERVER_SOCKET_META } from '../../../src/api/served-page.ts';
import { AppFiles, appRoot } from '../../../src/sim/node/app-files.ts';
import { servedPage } from '../../../src/sim/node/served-page.ts';
import { RateLimiter } from '../../../src/sim/node/rate-limit.ts';
import { appFixture, BUILD_QUOTES_MARK, SECRET } from './app-fixture.ts';
import { call, startServer, type ServerFixture } from './server-fixture.ts';

/**
 * `npm run server -- --app <dir>` (issue 27 item 2): the server also serves the built app, each
 * page naming it as the backend and carrying its quotes as they stand when the page is sent.
 */
const fixture = appFixture();
/** The server as main.ts assembles it with --app, over its in-process exchange. */
const withApp = (overrides: Parameters<typeof startServer>[0] = {}) =>
  startServer({
    ...overrides,
    app: (exchange) =>
      new AppFiles(appRoot(fixture.dir), (html) => servedPage(html, exchange, () => Date.now())),
  });
let server: ServerFixture;
beforeAll(async () => {
  server = await withApp();
});
afterAll(async () => {
  await server.close();
  fixture.remove();
});

/** A GET (or another method) with the path sent exactly as written: fetch would resolve `..`. */
function raw(
  path: string,
  init: { method?: string; headers?: Record<string, string> } = {},
  base = server.base,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: '127.0.0.1', port, path, method: init.method ?? 'GET', headers: init.headers ?? {} },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** The served quotes element of a page, parsed. */
function servedQuotes(html: string): { at: number; answer: unknown } {
  const match = new RegExp(`<script type="application/json" id="${SERVED_QUOTES_ID}">([^<]*)</script>`).exec(
    html,
  );
  if (!match) throw new Error('the page carries no served quotes');
  return JSON.parse(match[1]!) as { at: number; answer: unknown };
}

describe('--app: the pages', () => {
  it("/trade is its prerendered page, with this exchange's quotes as GET /api/market/currency_matches answers them then", async () => {
    // The market moves on: a page counts when the API answered the same just before and just after it.
    for (let attempt = 0; ; attempt++) {
      const before = await call(server.base, '/api/market/currency_matches');
      const sentFrom = Date.now();
      const page = await raw('/trade');
      const after = await call(server.base, '/api/market/currency_matches');
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).toContain('data-prerendered="/trade"');
      expect(page.body).not.toContain(BUILD_QUOTES_MARK);
      const served = servedQuotes(page.body);
      expect(served.at).toBeGreaterThanOrEqual(sentFrom);
      expect(served.at).toBeLessThanOrEqual(Date.now());
      if (JSON.stringify(before.body) !== JSON.stringify(after.body)) {
        if (attempt < 20) continue;
        throw new Error('the market never stood still for three requests');
      }
      expect(before.body.code).toBe(1);
      expect(served.answer).toEqual(before.body);
      break;
    }
  });

  it("names this server as the page's backend, same origin, and holds its prerendered figures", async () => {
    const page = await raw('/trade');
    expect(page.body).toContain(`<meta name="${SERVER_API_META}" content="/">`);
    expect(page.body).toContain(`<meta name="${SERVER_SOCKET_META}" content="/ws">`);
    expect(page.body).toContain("page.firstPaint = 'held'");
    // The marker comes before </head>, once.
    expect(page.body.split(SERVER_API_META)).toHaveLength(2);
    expect(page.body.indexOf(SERVER_API_META)).toBeLessThan(page.body.indexOf('</head>'));
  });

  it('a page without quotes gets the marker and no quotes; a route with no page of its own gets index.html', async () => {
    const notice = await raw('/notice');
    expect(notice.body).toContain('data-prerendered="/notice"');
    expect(notice.body).toContain(SERVER_API_META);
    expect(notice.body).not.toContain(SERVED_QUOTES_ID);
    expect((await raw('/legalIndex/legal')).body).toContain('data-prerendered="/legalIndex/legal"');
    for (const route of ['/', '/nowhere', '/assets/tradeAccount', '/personal/security/', '/trade.js/x']) {
      const answer = await raw(route);
      expect(answer.status, route).toBe(200);
      expect(answer.headers['content-type'], route).toBe('text/html; charset=utf-8');
      expect(answer.body, route).toContain('<div id="root"><main>/index');
      expect(answer.body, route).toContain(SERVER_API_META);
    }
    // The /assets route has its own page, beside the directory of hashed files.
    expect((await raw('/assets')).body).toContain('data-prerendered="/login"');
    // Asked for by its file name, a page is sent the same way.
    expect(servedQuotes((await raw('/trade.html')).body).answer).toMatchObject({ code: 1 });
  });

  it('HEAD answers the headers alone; other methods are refused (405)', async () => {
    const head = await raw('/trade', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(Number(head.headers['content-length'])).toBeGreaterThan(100);
    const post = await raw('/trade', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
  });
});

describe('--app: the files', () => {
  it('hashed assets are cached for a year, immutable; the rest is asked again (no-cache), each with its type', async () => {
    const expected: [string, string, string][] = [
      ['/assets/index-Ab12.js', 'text/javascript; charset=utf-8', 'public, max-age=31536000, immutable'],
      ['/assets/index-Dx1.css', 'text/css; charset=utf-8', 'public, max-age=31536000, immutable'],
      ['/sw.js', 'text/javascript; charset=utf-8', 'no-cache'],
      ['/manifest.webmanifest', 'application/manifest+json; charset=utf-8', 'no-cache'],
      ['/icons/icon-192.png', 'image/png', 'no-cache'],
      ['/fonts/inter.woff2', 'font/woff2', 'no-cache'],
    ];
    for (const [path, type, cache] of expected) {
      const answer = await raw(path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers['content-type'], path).toBe(type);
      expect(answer.headers['cache-control'], path).toBe(cache);
      expect(answer.headers['x-content-type-options'], path).toBe('nosniff');
    }
    expect((await raw('/assets/index-Ab12.js')).body).toBe('console.log("entry");\n');
    // The server's coin logos stay theirs (public/coins), with their own headers.
    expect((await raw('/coins/btc.svg')).headers['cache-control']).toBe('public, max-age=86400');
  });

  it('an unchanged file is answered 304 to its etag', async () => {
    const first = await raw('/sw.js');
    const etag = String(first.headers.etag);
    const again = await raw('/sw.js', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
  });

  it('a file name that names no file is not found (404), never a page', async () => {
    for (const path of ['/assets/index-Gone.js', '/missing.css', '/icons/none.png', '/trade/x.html']) {
      const answer = await raw(path);
      expect(answer.status, path).toBe(404);
      expect(answer.headers['content-type'], path).toBe('application/json; charset=utf-8');
    }
  });

  it('refuses paths out of the directory, dot files and links out of it', async () => {
    for (const path of [
      '/../secret.txt',
      '/assets/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/..%5csecret.txt',
      '/.env',
      '/assets/linked.txt',
      '/%00',
    ]) {
      const answer = await raw(path);
      expect(answer.status, path).toBe(404);
      expect(answer.body, path).not.toContain(SECRET);
    }
  });
});

describe('--app: what stays the server own', () => {
  it('the API, /ws, /uploads and /healthz answer as without --app', async () => {
    expect(await call(server.base, '/api/market/currency_matches')).toMatchObject({
      status: 200,
      body: { code: 1 },
    });
    for (const path of ['/api/no/such/call', '/api', '/ws', '/ws/x', '/uploads/none', '/demo/reset']) {
      const answer = await raw(path);
      expect(answer.headers['content-type'], path).toBe('application/json; charset=utf-8');
      expect(answer.body, path).not.toContain('<html');
    }
    expect((await raw('/api/no/such/call')).status).toBe(200);
    expect((await raw('/ws')).status).toBe(404);
    expect((await raw('/healthz')).body).toBe('{"status":"ok"}');
  });

  it("the app's files do not count against a client's request rate; its pages, which ask the exchange, do", async () => {
    // 1 request a second, bursts of 4.
    const limited = await withApp({ rateLimit: new RateLimiter(1, 4, () => Date.now()) });
    try {
      const files = await Promise.all(
        Array.from({ length: 30 }, () => raw('/assets/index-Ab12.js', {}, limited.base)),
      );
      expect(files.map((answer) => answer.status)).toEqual(Array(30).fill(200));
      const pages = await Promise.all(Array.from({ length: 10 }, () => raw('/trade', {}, limited.base)));
      expect(pages.filter((answer) => answer.status === 429).length).toBeGreaterThanOrEqual(5);
    } finally {
      await limited.close();
    }
  });
});
