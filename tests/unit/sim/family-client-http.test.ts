import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEMO_ACCOUNT } from '../../../src/sim/features/accounts/policy.ts';
import {
  ALLOWED_ORIGIN,
  call,
  openSocket,
  startServer,
  type ServerFixture,
} from '../server/server-fixture.ts';

/**
 * Issue 18 item 5 over real HTTP (`npm run server` assembled in this process): the requests a
 * family client (its Vue 3 PC web client) sends, as its HTTP library sends them. The Node layer
 * passes query strings and form bodies to the same admission as the simulator's tests drive.
 */
let server: ServerFixture;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: {
    'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
    lang: 'en',
    authorization: '',
  },
  body: new URLSearchParams(fields).toString(),
});
const get = (path: string, query: Record<string, string>, token = '') =>
  call(server.base, `/api/${path}?${new URLSearchParams({ ...query, t: String(Date.now()) }).toString()}`, {
    headers: { lang: 'en', authorization: token },
  });

describe('a family client against npm run server', () => {
  it('logs in form-urlencoded, reads user/info, places, lists and cancels by GET ?id=', async () => {
    const login = await call(
      server.base,
      '/api/user/login',
      form({
        account: DEMO_ACCOUNT.email,
        password: DEMO_ACCOUNT.password,
        login_type: 'email',
        sms_code: '',
        country_code: '',
      }),
    );
    expect(login.status).toBe(200);
    expect(login.body.code).toBe(1);
    const token = login.body.data as string;
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect((await get('user/info', {}, token)).body).toMatchObject({ code: 1, data: { is_seller: 1 } });

    const deal = (await get('market/deal', { currency_match_id: '1' })).body.data as {
      depth: { in: Array<{ price: string }> };
    };
    // Rests far below the market, inside the price band (at least half the last price).
    const price = (Number(deal.depth.in.at(-1)!.price) * 0.6).toFixed(2);
    const placed = await call(server.base, '/api/tx_in/add', {
      method: 'POST',
      headers: { 'content-type': 'application/json', lang: 'en', authorization: token },
      body: JSON.stringify({ currency_match_id: 1, number: '0.001', price, type: 0 }),
    });
    expect(placed.body.code).toBe(1);
    const id = (placed.body.data as { id: number }).id;
    const rows = (
      (await get('tx_in/list', { currency_match_id: '1', page: '1' }, token)).body.data as {
        data: Array<{ id: number; created_at: string; updated_at: string }>;
      }
    ).data;
    const row = rows.find((r) => r.id === id)!;
    expect(row.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(row.updated_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await get('tx_in/cancel', { id: String(id) }, token)).body).toMatchObject({
      code: 1,
      data: { id, status: 3 },
    });
    expect((await get('user/info', {}, 'f'.repeat(64))).body.code).toBe('999');
  });

  it('answers the chart with the latest 360 bars and unknown calls with a clean code 0 or 404', async () => {
    const kline = await get('market/kline', { currency_match_id: '1', period: '1min' });
    expect((kline.body.data as unknown[]).length).toBe(360);
    const unknown = await call(server.base, '/api/v1/api/forex/trade_list', form({ page: '1' }));
    expect(unknown).toEqual({ status: 200, body: { code: 0, msg: 'Unknown call', data: [] } });
    const outside = await call(server.base, '/v1/api/forex/trade_list');
    expect(outside.status).toBe(404);
    expect(outside.body.code).toBe(0);
    const refused = await new Promise<number>((resolve) => {
      const ws = new WebSocket(server.socketUrl.replace(/\/ws$/, '/v1/ws'), {
        headers: { origin: ALLOWED_ORIGIN },
      });
      ws.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      ws.on('error', () => undefined);
    });
    expect(refused).toBe(404);
  });

  it('the socket at /ws acknowledges login and sub, and answers a bare ping', async () => {
    const login = await call(
      server.base,
      '/api/user/login',
      form({ account: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password, login_type: 'email' }),
    );
    const socket = await openSocket(server.socketUrl, { origin: ALLOWED_ORIGIN });
    socket.send({ type: 'login', params: login.body.data });
    await socket.waitFor((frame) => frame.type === 'login_result');
    socket.send({ type: 'sub', params: 'DAY_MARKET' });
    await socket.waitFor((frame) => frame.type === 'sub_result');
    socket.send('ping');
    await socket.waitFor((frame) => frame.type === 'pong');
    // Market frames may arrive in between: the acknowledgements, in order.
    const acks = socket.frames.filter((frame) =>
      ['login_result', 'sub_result', 'pong'].includes(String(frame.type)),
    );
    expect(acks).toEqual([
      { type: 'login_result', code: 1 },
      { type: 'sub_result', msg: 'ok' },
      { type: 'pong' },
    ]);
    socket.close();
  });
});
