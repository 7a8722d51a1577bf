import { beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../../src/api/envelope.ts';
import type { WireRequest } from '../../../src/api/transport.ts';
import { DEMO_ACCOUNT } from '../../../src/sim/features/accounts/policy.ts';
import { LATEST_KLINE_BARS } from '../../../src/sim/market/market-routes.ts';
import { spotFixture, type SpotFixture } from '../spot/sim-fixture.ts';

/**
 * Issue 18 item 5: the family's own clients (its Vue 3 PC web client among them) on Tessera's
 * server. Each request below is what such a client sends, byte for byte where it matters: a `t=<ms>`
 * cache-buster on every GET, query values as text, login and register form-urlencoded (every value
 * a string, optional fields empty), cancel by GET `?id=`. The Node HTTP layer hands query strings
 * and form bodies to `server.handle` as these string records (src/sim/node/request-body.ts).
 */
let f: SpotFixture;
const cacheBuster = () => String(f.clock.now());

function send(method: string, path: string, payload: Record<string, unknown>, token = ''): Promise<Envelope> {
  return f.simulator.server.handle({
    method,
    path,
    payload,
    headers: { lang: 'en', authorization: token },
    timeoutMs: 20_000,
  } as WireRequest);
}
const get = (path: string, query: Record<string, string>, token = '') =>
  send('GET', path, { ...query, t: cacheBuster() }, token);

/** The family's login form, form-urlencoded: strings only, the optional fields empty. */
function formLogin(account: string, password: string): Promise<Envelope> {
  return send('POST', 'user/login', {
    account,
    password,
    login_type: 'email',
    sms_code: '',
    country_code: '',
  });
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

beforeAll(async () => {
  f = await spotFixture();
});

describe("the family's clients on Tessera's server", () => {
  it('login (form-urlencoded, empty optional fields) answers the token string; user/info gives uid and is_seller', async () => {
    const login = await formLogin(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    expect(login.code).toBe(1);
    expect(typeof login.data).toBe('string');
    const token = login.data as string;
    const info = await get('user/info', {}, token);
    expect(info).toMatchObject({ code: 1, data: { is_seller: 1 } });
    expect(typeof (info.data as { id: unknown }).id).toBe('number');
  });

  it('register, form-urlencoded with area_id= and invite_code= empty, then logs in', async () => {
    const key = 'cd'.repeat(16);
    const email = 'vue-client@example.com';
    expect((await send('POST', 'notify/send_email', { to: email, type: 1, outbox_key: key })).code).toBe(1);
    const outbox = await get('notify/outbox', { key });
    const code = (outbox.data as Array<{ code: string; to: string }>).find((m) => m.to === email)?.code;
    const registered = await send('POST', 'user/register', {
      account: email,
      password: 'Secret123',
      re_password: 'Secret123',
      invite_code: '',
      area_id: '',
      sms_code: code ?? '',
      type: 'email',
    });
    expect(registered).toMatchObject({ code: 1 });
    expect((await formLogin(email, 'Secret123')).code).toBe(1);
  });

  it('expiry is the string "999", success the number 1, a refusal the number 0', async () => {
    const expired = await get('user/info', {}, 'f'.repeat(64));
    expect(expired.code).toBe('999');
    expect((await get('market/currency_matches', {})).code).toBe(1);
    expect((await formLogin(DEMO_ACCOUNT.email, 'not-the-password-1')).code).toBe(0);
  });

  it('GETs carry t=<ms>: ignored; pairs carry change_fee_rate', async () => {
    const groups = await get('market/currency_matches', {});
    expect(groups.code).toBe(1);
    const pairs = (groups.data as Array<{ matches: Array<Record<string, unknown>> }>).flatMap(
      (g) => g.matches,
    );
    expect(pairs.length).toBeGreaterThan(3);
    for (const pair of pairs) expect(pair.change_fee_rate).toBe('0.1');
  });

  it('market/kline with only currency_match_id and period answers the latest 360 bars', async () => {
    for (const period of ['1min', '15min', '1day']) {
      const kline = await get('market/kline', { currency_match_id: '1', period });
      expect(kline.code, period).toBe(1);
      const bars = kline.data as Array<{ time: number }>;
      // The newest 360, or all there are when the pair's history is shorter (a month of days).
      const to = Math.floor(f.clock.now() / 1000);
      const barSeconds = { '1min': 60, '15min': 900, '1day': 86_400 }[period]!;
      const since = { from: String(to - 1000 * barSeconds), to: String(to) };
      const all = (
        await get('market/kline', { currency_match_id: '1', period, symbol: 'BTC/USDT', ...since })
      ).data as Array<{ time: number }>;
      expect(bars, period).toEqual(all.slice(-LATEST_KLINE_BARS));
      if (period !== '1day') expect(bars.length, period).toBe(LATEST_KLINE_BARS);
      // The newest bar is the one running now, and the bars run oldest first.
      expect(bars.at(-1)!.time).toBeLessThanOrEqual(f.clock.now());
      expect(bars.every((bar, i) => i === 0 || bar.time > bars[i - 1]!.time)).toBe(true);
    }
    // A symbol that is not the pair's is still refused; a wrong period too.
    expect(
      (await get('market/kline', { currency_match_id: '1', period: '1min', symbol: 'ETH/USDT' })).code,
    ).toBe(0);
    expect((await get('market/kline', { currency_match_id: '1', period: '2min' })).code).toBe(0);
  });

  it('open orders carry created_at/updated_at as "YYYY-MM-DD HH:mm:ss"; cancel by GET ?id= works', async () => {
    const token = (await formLogin(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)).data as string;
    const bid = f.simulator.market.market.pair(1)!.book.bestBid();
    const price = ((bid - 50_000) / 100).toFixed(2);
    // Other calls go as JSON, as the client sends them.
    const placed = await send(
      'POST',
      'tx_in/add',
      { currency_match_id: 1, number: '0.001', price, type: 0 },
      token,
    );
    expect(placed.code).toBe(1);
    const id = (placed.data as { id: number }).id;
    const open = await get('tx_in/list', { currency_match_id: '1', page: '1' }, token);
    const rows = (open.data as { data: Array<Record<string, unknown>> }).data;
    const row = rows.find((r) => r.id === id)!;
    expect(row.created_at).toMatch(DATE_TIME);
    expect(row.updated_at).toMatch(DATE_TIME);
    expect(row.created_at).toBe(new Date(f.clock.now()).toISOString().slice(0, 19).replace('T', ' '));

    const cancelled = await get('tx_in/cancel', { id: String(id) }, token);
    expect(cancelled).toMatchObject({ code: 1, data: { id, status: 3 } });
    // tx_out/cancel by GET too; someone else's order or a bad id is still refused.
    expect((await get('tx_out/cancel', { id: String(id) }, token)).code).toBe(0);
    expect((await get('tx_in/cancel', { id: '1.5' }, token)).code).toBe(0);
    // Other POST calls stay POST-only.
    expect((await get('tx_in/add', { currency_match_id: '1', number: '0.001', price }, token)).code).toBe(0);
  });

  it('calls outside the contract answer a clean code 0', async () => {
    for (const path of ['v1/api/forex/trade_list', 'api/forex/trade_list', '__proto__', '']) {
      for (const method of ['GET', 'POST']) {
        const answer = await send(method, path, { t: cacheBuster() });
        expect(answer, `${method} ${path}`).toEqual({ code: 0, msg: 'Unknown call', data: [] });
      }
    }
  });

  it('the socket answers login with login_result, sub with sub_result, a plain ping with pong', async () => {
    const token = (await formLogin(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)).data as string;
    const frames: Array<Record<string, unknown>> = [];
    const socket = f.simulator.server.openSocket((text) =>
      frames.push(JSON.parse(text) as Record<string, unknown>),
    );
    socket.receive(JSON.stringify({ type: 'login', params: token }));
    socket.receive(JSON.stringify({ type: 'sub', params: 'DAY_MARKET' }));
    socket.receive(JSON.stringify({ type: 'sub', params: 'GLOBAL_TX.BTC/USDT' }));
    socket.receive(JSON.stringify({ type: 'sub', params: 'no such <channel>' }));
    socket.receive('ping');
    expect(frames).toEqual([
      { type: 'login_result', code: 1 },
      { type: 'sub_result', msg: 'ok' },
      { type: 'sub_result', msg: 'ok' },
      { type: 'sub_result', msg: 'unknown channel' },
      { type: 'pong' },
    ]);
    frames.length = 0;
    // The worker's ticker publishes about every 100 ms; here the test drives it.
    for (let round = 0; round < 100; round++) {
      f.clock.advance(100);
      f.simulator.market.market.advanceToNow();
      f.simulator.market.publisher.publish();
    }
    const quote = frames.find((frame) => frame.type === 'DAY_MARKET');
    expect(quote, JSON.stringify(frames.map((frame) => frame.type))).toBeDefined();
    expect((quote!.quotation as { id: number }).id).toBe(quote!.currency_match_id);
    const tape = frames.find((frame) => frame.type === 'GLOBAL_TX');
    const trades = tape?.completes as Array<{ time: number; timestamp: number }>;
    expect(trades.length).toBeGreaterThan(0);
    for (const trade of trades) expect(trade.timestamp).toBe(Math.floor(trade.time / 1000));

    // A dead token: login_result "999" and session_ended.
    frames.length = 0;
    socket.receive(JSON.stringify({ type: 'login', params: 'f'.repeat(64) }));
    expect(frames).toEqual([{ type: 'login_result', code: '999' }, { type: 'session_ended' }]);
    socket.close();
  });
});
