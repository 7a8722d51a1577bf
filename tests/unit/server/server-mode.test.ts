import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_PURPOSE_REGISTER } from '../../../src/domain/contract-codes.ts';
import { SESSION_ENDED_FRAME } from '../../../src/sim/socket-hub.ts';
import { OPERATOR_HEADER } from '../../../src/sim/node/server-mode.ts';
import {
  call,
  loginDemo,
  openSocket,
  OPERATOR_TOKEN,
  post,
  restingBuyPrice,
  startServer,
  type ServerFixture,
} from './server-fixture.ts';

/**
 * Issue 18 item 3: a server is shared, the browser's simulator is one person's machine. Over the
 * real HTTP server and /ws: no demo outbox, codes only in the operator's log (with their address),
 * sim/* calls only with the operator token, attempt limits, and ended sessions stop private pushes.
 */
let server: ServerFixture;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const OUTBOX_KEY = 'a'.repeat(32);

function codeLines() {
  return server.logLines().filter((line) => line.event === 'verification_code');
}

describe('verification codes in server mode', () => {
  it('the demo outbox is not served; the code goes to the log with the address it was issued for', async () => {
    const to = 'new.trader@example.com';
    const sent = await post(server.base, 'notify/send_email', {
      to,
      type: CODE_PURPOSE_REGISTER,
      outbox_key: OUTBOX_KEY,
    });
    expect(sent.body.code).toBe(1);
    const outbox = await call(server.base, `/api/notify/outbox?key=${OUTBOX_KEY}`);
    expect(outbox.body).toMatchObject({ code: 0, data: [] });
    const lines = codeLines().filter((line) => line.to === to);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ channel: 'email', purpose: CODE_PURPOSE_REGISTER, kind: 'code' });
    expect(String(lines[0]!.code)).toMatch(/^\d{4,8}$/);
    // The logged code registers that address (the operator passed it on).
    const registered = await post(server.base, 'user/register', {
      account: to,
      password: 'Trader2026',
      re_password: 'Trader2026',
      sms_code: String(lines[0]!.code),
      type: 'email',
    });
    expect(registered.body.code).toBe(1);
  });

  it('a client that sends no outbox key still gets its code delivered (to the log)', async () => {
    const to = 'no.key@example.com';
    expect(
      (await post(server.base, 'notify/send_email', { to, type: CODE_PURPOSE_REGISTER })).body.code,
    ).toBe(1);
    expect(codeLines().filter((line) => line.to === to)).toHaveLength(1);
  });

  it('wrong passwords are limited: the account locks, even for the right password', async () => {
    const account = 'new.trader@example.com';
    const attempt = (password: string) =>
      post(server.base, 'user/login', { account, password, login_type: 'email' });
    let locked = false;
    for (let i = 0; i < 20 && !locked; i++) {
      const answer = await attempt(`Wrong${i}pass`);
      expect(answer.body.code).toBe(0);
      locked = /Too many wrong passwords/.test(answer.body.msg);
    }
    expect(locked).toBe(true);
    expect((await attempt('Trader2026')).body.code).toBe(0);
  });
});

describe('the simulator controls need the operator token', () => {
  it('sim/* without it, or with a wrong one, answers "Unknown call" and changes nothing', async () => {
    const tries: Record<string, string>[] = [{}, { [OPERATOR_HEADER]: 'guess' }, { [OPERATOR_HEADER]: '' }];
    for (const headers of tries) {
      const set = await post(server.base, 'sim/set_speed', { speed: 60 }, headers);
      expect(set.body).toMatchObject({ code: 0, msg: 'Unknown call' });
      const read = await call(server.base, '/api/sim/speed', { headers });
      expect(read.body.code).toBe(0);
    }
    const speed = await call(server.base, '/api/sim/speed', {
      headers: { [OPERATOR_HEADER]: OPERATOR_TOKEN },
    });
    expect(speed.body).toMatchObject({ code: 1, data: { speed: 1 } });
  });

  it('with it, the operator sets the speed', async () => {
    const headers = { [OPERATOR_HEADER]: OPERATOR_TOKEN };
    const set = await post(server.base, 'sim/set_speed', { speed: 2 }, headers);
    expect(set.body).toMatchObject({ code: 1, data: { speed: 2 } });
    expect((await call(server.base, '/api/sim/speed', { headers })).body.data).toEqual({ speed: 2 });
    await post(server.base, 'sim/set_speed', { speed: 1 }, headers);
  });

  it('a user token is not the operator token', async () => {
    const token = await loginDemo(server.base);
    const answer = await post(
      server.base,
      'sim/deposit',
      {},
      { authorization: token, [OPERATOR_HEADER]: token },
    );
    expect(answer.body).toMatchObject({ code: 0, msg: 'Unknown call' });
  });
});

describe('ended sessions on /ws', () => {
  async function placeOrder(token: string) {
    const answer = await post(
      server.base,
      'tx_in/add',
      { currency_match_id: 1, number: '0.001', price: await restingBuyPrice(server.base), type: 0 },
      { authorization: token },
    );
    expect(answer.body.code).toBe(1);
  }

  async function privateSocket(token: string) {
    const socket = await openSocket(server.socketUrl);
    socket.send({ type: 'login', params: token });
    socket.send({ type: 'sub', params: 'TX_SUBMIT' });
    socket.send({ type: 'ping' });
    await socket.waitFor((frame) => frame.type === 'pong');
    return socket;
  }

  const submits = (frames: Record<string, unknown>[]) =>
    frames.filter((frame) => frame.type === 'TX_SUBMIT').length;

  it("a logged-out token's socket is told, and gets no more private pushes", async () => {
    const token = await loginDemo(server.base);
    const other = await loginDemo(server.base);
    const mine = await privateSocket(token);
    const second = await privateSocket(other);
    await placeOrder(token);
    await mine.waitFor((frame) => frame.type === 'TX_SUBMIT');
    await second.waitFor((frame) => frame.type === 'TX_SUBMIT');
    expect((await post(server.base, 'user/logout', {}, { authorization: token })).body.code).toBe(1);
    await mine.waitFor((frame) => JSON.stringify(frame) === SESSION_ENDED_FRAME);
    // The same user's next order, through the live session, reaches only the live socket.
    await placeOrder(other);
    await second.waitFor(() => submits(second.frames) === 2);
    // Both frames went out in the same turn of the server, so the ended socket has had its chance.
    mine.send({ type: 'ping' });
    await mine.waitFor(() => mine.frames.filter((frame) => frame.type === 'pong').length === 2);
    expect(submits(mine.frames)).toBe(1);
    // Logging in again on that socket with the dead token does not bring the pushes back.
    mine.send({ type: 'login', params: token });
    await placeOrder(other);
    await second.waitFor(() => submits(second.frames) === 3);
    mine.send({ type: 'ping' });
    await mine.waitFor(() => mine.frames.filter((frame) => frame.type === 'pong').length === 3);
    expect(submits(mine.frames)).toBe(1);
    mine.close();
    second.close();
  });
});
