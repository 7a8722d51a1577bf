import { describe, expect, it } from 'vitest';
import type { Envelope } from '../../../src/api/envelope.ts';
import { clientFacts } from '../../../src/sim/client-facts.ts';
import { DEMO_ACCOUNT } from '../../../src/sim/features/accounts/policy.ts';
import { startAccounts } from './harness.ts';

const LAPTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

interface SessionRow {
  id: string;
  kind: string;
  os: string;
  browser: string;
  address: string;
  started_at: number;
  last_seen: number;
  current: number;
}

async function twoDevices() {
  const sim = await startAccounts();
  const loginFrom = async (
    agent: string,
    address: string,
    account: string = DEMO_ACCOUNT.email,
    password: string = DEMO_ACCOUNT.password,
  ) => {
    const answer = await sim.server.handle(
      {
        method: 'POST',
        path: 'user/login',
        payload: { account, password, login_type: 'email' },
        headers: { lang: 'en', authorization: '' },
        timeoutMs: 20_000,
      },
      clientFacts(agent, address),
    );
    if (answer.code !== 1) throw new Error(answer.msg);
    return answer.data as string;
  };
  const laptop = await loginFrom(LAPTOP, '203.0.113.7');
  sim.clock.advance(60_000);
  const phone = await loginFrom(PHONE, '198.51.100.20');
  const list = async (token: string) =>
    ((await sim.call('security/sessions', {}, token, 'GET')) as Envelope).data as SessionRow[];
  return { ...sim, laptop, phone, list, loginFrom };
}

describe('sessions and devices', () => {
  it('lists the user’s sessions with device, browser, address and last seen; marks the asking one', async () => {
    const sim = await twoDevices();
    sim.clock.advance(5_000);
    const rows = await sim.list(sim.laptop);
    expect(rows).toHaveLength(2);
    const [laptop, phone] = rows;
    // The laptop asked last, so it was seen last and comes first.
    expect(laptop).toMatchObject({
      kind: 'desktop',
      os: 'Windows',
      browser: 'Chrome',
      address: '203.0.113.7',
      current: 1,
    });
    expect(phone).toMatchObject({
      kind: 'phone',
      os: 'iOS',
      browser: 'Safari',
      address: '198.51.100.20',
      current: 0,
    });
    expect(laptop!.last_seen).toBe(sim.clock.now());
    expect(phone!.last_seen).toBe(phone!.started_at);
    expect(laptop!.id).toMatch(/^[0-9a-f]{16}$/);
    // The id is not the token, nor its whole hash.
    expect(sim.laptop).not.toContain(laptop!.id);
  });

  it('ends another session: its token answers 999 and its socket gets session_ended and no private frame', async () => {
    const sim = await twoDevices();
    const frames: string[] = [];
    const phoneSocket = sim.server.openSocket((text) => frames.push(text));
    phoneSocket.receive(JSON.stringify({ type: 'login', params: sim.phone }));
    phoneSocket.receive(JSON.stringify({ type: 'sub', params: 'TX_SUBMIT' }));
    const uid = ((await sim.call('user/info', {}, sim.phone)).data as { id: number }).id;
    const phoneId = (await sim.list(sim.laptop)).find((row) => row.current === 0)!.id;

    const ended = await sim.call('security/end_session', { id: phoneId }, sim.laptop);
    expect(ended).toMatchObject({ code: 1, msg: 'Session ended' });
    expect(frames.at(-1)).toBe('{"type":"session_ended"}');
    sim.hub.publishTo(uid, 'TX_SUBMIT', { type: 'TX_SUBMIT', id: 1 });
    expect(frames).not.toContain('{"type":"TX_SUBMIT","id":1}');
    expect((await sim.call('user/info', {}, sim.phone)).code).toBe('999');
    expect((await sim.call('user/info', {}, sim.laptop)).code).toBe(1);
    expect(await sim.list(sim.laptop)).toHaveLength(1);
    // Ending it again: it is gone.
    expect((await sim.call('security/end_session', { id: phoneId }, sim.laptop)).msg).toBe(
      'This session is not one of yours, or it has already ended',
    );
    phoneSocket.close();
  });

  it('attack probe: another user cannot end, or learn of, someone else’s session', async () => {
    const sim = await twoDevices();
    await sim.register('mallory@example.com');
    const mallory = await sim.loginFrom(LAPTOP, '192.0.2.66', 'mallory@example.com', 'Secret123');
    const victimIds = (await sim.list(sim.laptop)).map((row) => row.id);
    expect((await sim.list(mallory)).map((row) => row.id)).toEqual([
      expect.not.stringMatching(victimIds.join('|')),
    ]);
    const before = sim.accounts.state();
    for (const id of [...victimIds, 'f'.repeat(16), 'not-an-id', '', 'A'.repeat(16)]) {
      const answer = await sim.call('security/end_session', { id }, mallory);
      expect(answer).toMatchObject({
        code: 0,
        msg: 'This session is not one of yours, or it has already ended',
      });
    }
    expect(sim.accounts.state()).toBe(before);
    expect((await sim.call('user/info', {}, sim.phone)).code).toBe(1);
    expect((await sim.call('security/end_session', { id: victimIds[0] }, '')).code).toBe('999');
  });
});
