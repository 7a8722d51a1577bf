import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CorsPolicy } from '../../../src/sim/node/cors.ts';
import { createHttpServer } from '../../../src/sim/node/http-server.ts';
import { RateLimiter } from '../../../src/sim/node/rate-limit.ts';
import { call, captureLog } from './server-fixture.ts';

describe('requests per client address', () => {
  it('a burst passes, the next is refused, and the bucket refills with time', () => {
    let now = 0;
    const limiter = new RateLimiter(2, 4, () => now);
    expect([1, 2, 3, 4, 5].map(() => limiter.take('a'))).toEqual([true, true, true, true, false]);
    expect(limiter.take('b')).toBe(true); // another address has its own bucket
    now += 500; // one token back at 2 a second
    expect(limiter.take('a')).toBe(true);
    expect(limiter.take('a')).toBe(false);
    now += 60_000; // never more than the burst
    expect([1, 2, 3, 4, 5].map(() => limiter.take('a')).filter(Boolean)).toHaveLength(4);
  });

  it('never serves one address more than burst + rate x elapsed time', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ wait: fc.nat(400), client: fc.constantFrom('a', 'b', 'c', 'd') }), {
          maxLength: 300,
        }),
        (requests) => {
          let now = 0;
          const limiter = new RateLimiter(5, 10, () => now);
          const served = new Map<string, number>();
          for (const { wait, client } of requests) {
            now += wait;
            if (limiter.take(client)) served.set(client, (served.get(client) ?? 0) + 1);
          }
          for (const count of served.values()) expect(count).toBeLessThanOrEqual(10 + (now / 1000) * 5);
        },
      ),
    );
  });

  it('remembers a bounded number of addresses, forgetting the least recently seen', () => {
    const limiter = new RateLimiter(1, 1, () => 0, 3);
    for (const client of ['a', 'b', 'c', 'd']) expect(limiter.take(client)).toBe(true);
    expect(limiter.clients()).toBe(3);
    expect(limiter.take('d')).toBe(false); // still remembered: its bucket is empty
    expect(limiter.take('a')).toBe(true); // forgotten: a fresh bucket
  });

  it('over HTTP: 429 with a code-0 envelope and retry-after, and the server serves on', async () => {
    const { log } = captureLog();
    const http = createHttpServer({
      server: {
        handle: async () => ({ code: 1, msg: '', data: null }),
        openSocket: () => ({ receive: () => undefined, close: () => undefined }),
      },
      messages: async () => ({ internal: 'busy' }),
      log,
      cors: new CorsPolicy([]),
      maxBodyBytes: 1024,
      requestTimeoutMs: 1_000,
      rateLimit: new RateLimiter(0.001, 3, () => Date.now()),
      now: () => Date.now(),
    });
    const { port } = await http.listen(0, '127.0.0.1');
    const base = `http://127.0.0.1:${port}`;
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await call(base, '/api/market/currency_matches'));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429, 429]);
    expect(answers[3]!.body).toMatchObject({ code: 0, msg: 'busy' });
    const response = await fetch(`${base}/api/market/currency_matches`);
    expect(response.headers.get('retry-after')).toBe('1');
    await http.close(100);
  });
});
