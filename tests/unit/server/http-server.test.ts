import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { Envelope } from '../../../src/api/envelope.ts';
import { CorsPolicy } from '../../../src/sim/node/cors.ts';
import { createHttpServer } from '../../../src/sim/node/http-server.ts';
import type { SimServer } from '../../../src/sim/server.ts';
import {
  ALLOWED_ORIGIN,
  call,
  captureLog,
  loginDemo,
  openSocket,
  post,
  restingBuyPrice,
  startServer,
  type ServerFixture,
} from './server-fixture.ts';

/**
 * `npm run server` over a real listening socket: every malformed request gets a clean code-0
 * envelope (or a 4xx status for transport faults) and the server keeps serving (issue 18 item 1).
 */
let server: ServerFixture;
beforeAll(async () => {
  server = await startServer({ maxBodyBytes: 64 * 1024 });
});
afterAll(() => server.close());

/** The server still answers a well-formed call (after each fault). */
async function stillServing(): Promise<void> {
  const answer = await call(server.base, '/api/market/currency_matches');
  expect(answer.status).toBe(200);
  expect(answer.body.code).toBe(1);
}

function expectRefusal(answer: { status: number; body: Envelope }, status: number): void {
  expect(answer.status).toBe(status);
  expect(answer.body.code).toBe(0);
  expect(typeof answer.body.msg).toBe('string');
  expect(answer.body.msg.length).toBeGreaterThan(0);
}

/** Sends raw bytes and reads the raw answer until the server closes or `ms` pass. */
function raw(port: number, text: string, ms = 3_000): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    const done = () => resolve(answer);
    socket.on('close', done);
    socket.on('error', done);
    setTimeout(() => {
      socket.destroy();
      done();
    }, ms);
    socket.write(text);
  });
}

const port = () => Number(new URL(server.base).port);

describe('the HTTP API refuses malformed requests cleanly', () => {
  it('malformed JSON: 400 with a code-0 envelope', async () => {
    const answer = await call(server.base, '/api/user/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"account": "demo@tessera.example", "password": ',
    });
    expectRefusal(answer, 400);
    await stillServing();
  });

  it('JSON that is not an object (array, number, null, string): code 0', async () => {
    for (const body of ['[]', '42', 'null', '"text"']) {
      const answer = await call(server.base, '/api/user/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expectRefusal(answer, 200);
    }
    await stillServing();
  });

  it('a content type it does not read: 415', async () => {
    const answer = await call(server.base, '/api/user/login', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'account=demo',
    });
    expectRefusal(answer, 415);
    const xml = await call(server.base, '/api/user/login', {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: '<a/>',
    });
    expectRefusal(xml, 415);
    await stillServing();
  });

  it('a body over the limit: 413, declared or streamed', async () => {
    const big = JSON.stringify({ account: 'x'.repeat(100 * 1024) });
    const declared = await call(server.base, '/api/user/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: big,
    });
    expectRefusal(declared, 413);
    // Chunked, so no length is declared: the limit is counted as the bytes arrive.
    const chunked = await raw(
      port(),
      'POST /api/user/login HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n' +
        `transfer-encoding: chunked\r\n\r\n${big.length.toString(16)}\r\n${big}\r\n0\r\n\r\n`,
    );
    expect(chunked).toMatch(/^HTTP\/1\.1 413/);
    expect(chunked).toContain('"code":0');
    await stillServing();
  });

  it('an unknown path: code 0 inside /api/, 404 outside it', async () => {
    expectRefusal(await call(server.base, '/api/no/such/call'), 200);
    expectRefusal(await call(server.base, '/api/'), 200);
    expectRefusal(await call(server.base, '/v1/api/forex/trade_list'), 404);
    expectRefusal(await call(server.base, '/'), 404);
    await stillServing();
  });

  it('a method it does not serve: 405 with Allow; the wrong one of GET/POST: code 0', async () => {
    for (const method of ['PUT', 'DELETE', 'PATCH']) {
      const response = await fetch(`${server.base}/api/user/login`, { method });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, POST, OPTIONS');
      expect(((await response.json()) as Envelope).code).toBe(0);
    }
    expectRefusal(await call(server.base, '/api/user/login'), 200);
    expectRefusal(await post(server.base, 'market/currency_matches', {}), 200);
    await stillServing();
  });

  it('path names like __proto__ or constructor, and broken escapes: code 0', async () => {
    for (const path of [
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      'constructor/prototype',
      '%5F%5Fproto%5F%5F',
      '%E0%A4%A',
      '..%2F..%2Fetc%2Fpasswd',
    ]) {
      expectRefusal(await call(server.base, `/api/${path}`), 200);
      expectRefusal(await post(server.base, path, {}), 200);
    }
    await stillServing();
  });

  it('payload keys like __proto__ reach nobody: a clean refusal', async () => {
    const answer = await call(server.base, '/api/user/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}',
    });
    expectRefusal(answer, 200);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    await stillServing();
  });

  it('a request line it cannot parse: 400 from the HTTP layer, and the server lives on', async () => {
    const answer = await raw(port(), 'NOT A REQUEST\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    await stillServing();
  });

  it('form-urlencoded bodies are read (the family clients send login that way)', async () => {
    const answer = await call(server.base, '/api/user/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'account=demo%40tessera.example&password=Demo1234&login_type=email&area_id=',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.code).toBe(1);
  });

  it('GET query keys it does not know (cache-busters) are ignored', async () => {
    const answer = await call(server.base, `/api/market/currency_matches?t=${Date.now()}&__proto__=1`);
    expect(answer.body.code).toBe(1);
  });
});

describe('uploads (multipart) in server mode', () => {
  it('an uploaded image is stored and served back at the URL the answer gives', async () => {
    const token = await loginDemo(server.base);
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5]);
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'image/png' }), 'id.png');
    const answer = await call(server.base, '/api/common/image_upload', {
      method: 'POST',
      headers: { authorization: token },
      body: form,
    });
    expect(answer.body.code).toBe(1);
    const url = (answer.body.data as { url: string }).url;
    expect(url.startsWith(`${server.base}/uploads/`)).toBe(true);
    const image = await fetch(url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(bytes);
    expectRefusal(await call(server.base, '/uploads/no-such-image'), 404);
  });

  it('a multipart body it cannot parse: 400', async () => {
    const answer = await call(server.base, '/api/common/image_upload', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      body: '--abc\r\nnot a part',
    });
    expectRefusal(answer, 400);
    await stillServing();
  });
});

describe('coin logos in server mode', () => {
  it("a listed pair's logo is an absolute URL on the server, served as SVG", async () => {
    const answer = await call(server.base, '/api/market/currency_matches');
    const groups = answer.body.data as { matches: { symbol: string; base_currency: { logo: string } }[] }[];
    const btc = groups.flatMap((group) => group.matches).find((match) => match.symbol === 'BTC/USDT')!;
    expect(btc.base_currency.logo).toBe(`${server.base}/coins/btc.svg`);
    const logo = await fetch(btc.base_currency.logo);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/svg+xml');
    expect(logo.headers.get('x-content-type-options')).toBe('nosniff');
    const text = await logo.text();
    expect(text).toMatch(/^\s*(<\?xml[^>]*>\s*)?<svg[\s>]/);
    expect(text).toBe(readFileSync(new URL('../../../public/coins/btc.svg', import.meta.url), 'utf8'));
  });

  it('no other file is reached through the logos path: unknown names and ../ are refused', async () => {
    for (const path of [
      '/coins/nope.svg',
      '/coins/../package.json',
      '/coins/..%2f..%2fpackage.json',
      '/coins/%2e%2e/%2e%2e/package.json',
      '/coins/btc.svg/',
      '/coins/',
    ]) {
      const answer = await call(server.base, path);
      expect(answer.status, path).toBe(404);
      expect(answer.body.code, path).toBe(0);
    }
    const posted = await call(server.base, '/coins/btc.svg', { method: 'POST' });
    expect(posted.status).toBe(404);
  });
});

describe('cross-origin rules', () => {
  it('an allowed origin gets the CORS headers and a preflight answer', async () => {
    const preflight = await fetch(`${server.base}/api/user/login`, {
      method: 'OPTIONS',
      headers: { origin: ALLOWED_ORIGIN, 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(ALLOWED_ORIGIN);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization');
    const answer = await fetch(`${server.base}/api/market/currency_matches`, {
      headers: { origin: ALLOWED_ORIGIN },
    });
    expect(answer.headers.get('access-control-allow-origin')).toBe(ALLOWED_ORIGIN);
  });

  it('another origin is refused with 403, on the API and on the socket', async () => {
    const answer = await call(server.base, '/api/market/currency_matches', {
      headers: { origin: 'https://evil.example' },
    });
    expectRefusal(answer, 403);
    const ws = new WebSocket(server.socketUrl, { headers: { origin: 'https://evil.example' } });
    const status = await new Promise<number>((resolve) => {
      ws.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      ws.on('error', () => resolve(-1));
    });
    expect(status).toBe(403);
  });
});

describe('the socket at /ws', () => {
  it('speaks the in-browser frames: sub gets market frames, ping gets pong, garbage is dropped', async () => {
    const socket = await openSocket(server.socketUrl);
    socket.send('not json at all {');
    socket.send({ type: 'sub', params: '__proto__' });
    socket.send({ type: 'sub', params: 'DAY_MARKET' });
    socket.send({ type: 'ping' });
    await socket.waitFor((frame) => frame.type === 'pong');
    const quote = await socket.waitFor((frame) => frame.type === 'DAY_MARKET');
    expect(quote).toHaveProperty('quotation');
    socket.close();
  });

  it('another path is not a socket: 404', async () => {
    const ws = new WebSocket(server.socketUrl.replace('/ws', '/v1/ws'));
    const status = await new Promise<number>((resolve) => {
      ws.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      ws.on('error', () => resolve(-1));
    });
    expect(status).toBe(404);
  });

  it('a logged-in socket gets its own private pushes', async () => {
    const token = await loginDemo(server.base);
    const socket = await openSocket(server.socketUrl);
    socket.send({ type: 'login', params: token });
    socket.send({ type: 'sub', params: 'TX_SUBMIT' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const placed = await post(
      server.base,
      'tx_in/add',
      { currency_match_id: 1, number: '0.001', price: await restingBuyPrice(server.base), type: 0 },
      { authorization: token },
    );
    expect(placed.body.code).toBe(1);
    await socket.waitFor((frame) => frame.type === 'TX_SUBMIT');
    socket.close();
  });
});

describe('order filters over HTTP', () => {
  it("the issue's fat finger, 0.001 BTC at 3 USDT, is refused with code 0 and the band, as in the browser", async () => {
    const token = await loginDemo(server.base);
    const openOrders = async () =>
      (
        (
          await call(server.base, '/api/tx_in/list?currency_match_id=1&page=1', {
            headers: { authorization: token },
          })
        ).body.data as { total: number }
      ).total;
    const before = await openOrders();
    const order = { currency_match_id: 1, number: '0.001', price: '3.00', type: 0 };
    const refused = await post(server.base, 'tx_in/add', order, { authorization: token, lang: 'ru' });
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ code: 0, data: [] });
    expect(refused.body.msg).toMatch(/^Цена должна быть от \d+\.\d{2} до \d+\.\d{2} USDT/);
    expect(await openOrders()).toBe(before);
  });
});

describe('timeouts and graceful shutdown', () => {
  /** A SimServer whose answers take `delayMs` (or never come): the HTTP layer is what is tested. */
  function slowServer(delayMs: number | null): SimServer {
    return {
      handle: () =>
        new Promise<Envelope>((resolve) => {
          if (delayMs !== null) setTimeout(() => resolve({ code: 1, msg: '', data: 'late' }), delayMs);
        }),
      openSocket: () => ({ receive: () => undefined, close: () => undefined }),
    };
  }

  async function listen(delayMs: number | null, requestTimeoutMs: number) {
    const { log, lines } = captureLog();
    const http = createHttpServer({
      server: slowServer(delayMs),
      messages: async () => ({ internal: 'internal', badPayload: 'bad payload' }),
      log,
      cors: new CorsPolicy([]),
      maxBodyBytes: 1024,
      requestTimeoutMs,
      now: () => Date.now(),
    });
    const address = await http.listen(0, '127.0.0.1');
    return { http, lines, base: `http://127.0.0.1:${address.port}`, port: address.port };
  }

  it('an answer that does not come in time: 503 with a code-0 envelope', async () => {
    const { http, base } = await listen(null, 200);
    const started = Date.now();
    const answer = await call(base, '/api/market/currency_matches');
    expectRefusal(answer, 503);
    expect(Date.now() - started).toBeLessThan(2_000);
    await http.close(100);
  });

  it('a body that stops arriving: 408, the connection closed', async () => {
    const { http, port: p } = await listen(0, 300);
    const answer = await raw(
      p,
      'POST /api/user/login HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"acc',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    await http.close(100);
  });

  it('a client that goes away mid-body leaves nothing running', async () => {
    const { http, port: p } = await listen(0, 5_000);
    const socket = connect(p, '127.0.0.1');
    socket.write(
      'POST /api/user/login HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"a',
    );
    for (let wait = 0; http.inFlight() === 0 && wait < 100; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(http.inFlight()).toBeGreaterThan(0);
    socket.destroy();
    // Well before the 5 s body timeout.
    for (let wait = 0; http.inFlight() > 0 && wait < 100; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(http.inFlight()).toBe(0);
    await http.close(100);
  });

  it('shutdown lets the running request finish and answers it, then refuses new connections', async () => {
    const { http, base, lines } = await listen(1_000, 5_000);
    const running = call(base, '/api/market/currency_matches');
    // Close while the request runs (its answer takes a second).
    for (let wait = 0; http.inFlight() === 0 && wait < 100; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(http.inFlight()).toBeGreaterThan(0);
    const closed = http.close(5_000);
    const answer = await running;
    expect(answer.status).toBe(200);
    expect(answer.body.data).toBe('late');
    await closed;
    await expect(fetch(`${base}/api/market/currency_matches`)).rejects.toThrow();
    expect(lines().some((line) => line.event === 'request' && line.status === 200)).toBe(true);
  });
});

describe('structured logs', () => {
  it('one JSON line per request, without tokens or bodies', async () => {
    const token = await loginDemo(server.base);
    await call(server.base, '/api/user/info', { headers: { authorization: token } });
    const requests = server.logLines().filter((line) => line.event === 'request');
    expect(requests.length).toBeGreaterThan(0);
    for (const line of requests) {
      expect(line).toMatchObject({ level: 'info', method: expect.any(String), status: expect.any(Number) });
      expect(typeof line.time).toBe('string');
      expect(typeof line.ms).toBe('number');
    }
    const text = JSON.stringify(server.logLines());
    expect(text).not.toContain(token);
    expect(text).not.toContain('Demo1234');
  });
});
