import { describe, expect, it } from 'vitest';
import { CorsPolicy } from '../../../src/sim/node/cors.ts';
import { createHttpServer } from '../../../src/sim/node/http-server.ts';
import type { SimServer } from '../../../src/sim/server.ts';
import type { StoreHealth } from '../../../src/sim/store/store-health.ts';
import { captureLog } from './server-fixture.ts';

/**
 * /healthz asks the store whether it can write now: 200 while it can, 503 with the store's state and
 * reason while it cannot, 200 again once it can (a load balancer or an orchestrator reads it).
 */
const idle: SimServer = {
  handle: async () => ({ code: 1, msg: '', data: null }),
  openSocket: () => ({ receive: () => undefined, close: () => undefined }),
};

describe('/healthz', () => {
  it("follows the store's health: 200, 503 with the reason while it cannot write, 200 again", async () => {
    let health: StoreHealth = { writable: true };
    const { log } = captureLog();
    const http = createHttpServer({
      server: idle,
      messages: async () => ({}),
      log,
      cors: new CorsPolicy([]),
      maxBodyBytes: 1024,
      requestTimeoutMs: 1_000,
      now: () => Date.now(),
      storeHealth: () => health,
    });
    const address = await http.listen(0, '127.0.0.1');
    const get = async () => {
      const response = await fetch(`http://127.0.0.1:${address.port}/healthz`);
      return { status: response.status, body: (await response.json()) as unknown };
    };
    try {
      expect(await get()).toEqual({ status: 200, body: { status: 'ok' } });
      health = { writable: false, state: 'reconnecting', reason: 'connection lost (read ECONNRESET)' };
      expect(await get()).toEqual({
        status: 503,
        body: { status: 'unavailable', store: 'reconnecting', reason: 'connection lost (read ECONNRESET)' },
      });
      health = { writable: false, state: 'fenced', reason: 'another server holds the event log in schema x' };
      expect(await get()).toMatchObject({ status: 503, body: { store: 'fenced' } });
      health = { writable: true };
      expect(await get()).toEqual({ status: 200, body: { status: 'ok' } });
    } finally {
      await http.close(100);
    }
  });
});
