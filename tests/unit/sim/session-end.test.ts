import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, POLICY } from '../../../src/sim/features/accounts/policy.ts';
import { SESSION_ENDED_FRAME } from '../../../src/sim/socket-hub.ts';
import { spotFixture, type SpotFixture } from '../spot/sim-fixture.ts';

/** A socket logged in with `token`, subscribed to TX_SUBMIT; answers the frames it received. */
function socket(f: SpotFixture, token: string) {
  const frames: string[] = [];
  const session = f.simulator.hub.open((text) => frames.push(text));
  session.receive(JSON.stringify({ type: 'login', params: token }));
  session.receive(JSON.stringify({ type: 'sub', params: 'TX_SUBMIT' }));
  return {
    frames,
    ping: () => session.receive(JSON.stringify({ type: 'ping' })),
    submits: () => frames.filter((text) => text.includes('"TX_SUBMIT"')).length,
    ended: () => frames.filter((text) => text === SESSION_ENDED_FRAME).length,
  };
}

async function placeOrder(f: SpotFixture, token: string) {
  const deal = (await f.call('market/deal', { currency_match_id: 1 })).data as {
    depth: { in: Array<{ price: string }> };
  };
  const price = (Number(deal.depth.in[0]?.price) * 0.5).toFixed(2);
  return f.call('tx_in/add', { currency_match_id: 1, number: '0.001', price, type: 0 }, token);
}

describe('sessions end on the socket (issue 10 item 4)', () => {
  it('after logout, the socket gets session_ended at once and no more TX_SUBMIT', async () => {
    const f = await spotFixture();
    const token = await f.login();
    const other = await f.login();
    const mine = socket(f, token);
    const second = socket(f, other);
    expect((await placeOrder(f, token)).code).toBe(1);
    expect(mine.submits()).toBe(1);
    await f.call('user/logout', {}, token);
    expect(mine.ended()).toBe(1);
    expect(second.ended()).toBe(0); // another session of the same user lives on
    // The same user's next order (through the live session) no longer reaches the ended socket.
    expect((await placeOrder(f, other)).code).toBe(1);
    expect(mine.submits()).toBe(1);
    expect(second.submits()).toBe(2);
  });

  it('a password change ends every other session on the socket, and keeps the one that changed it', async () => {
    const f = await spotFixture();
    const keeper = await f.login();
    const stolen = await f.login();
    const keep = socket(f, keeper);
    const thief = socket(f, stolen);
    const changed = await f.call(
      'user/amend_password',
      { old_password: DEMO_ACCOUNT.password, new_password: 'Fresh2026', secondary_password: 'Fresh2026' },
      keeper,
    );
    expect(changed.code).toBe(1);
    expect(thief.ended()).toBe(1);
    expect(keep.ended()).toBe(0);
    expect((await placeOrder(f, keeper)).code).toBe(1);
    expect(thief.submits()).toBe(0);
    expect(keep.submits()).toBe(1);
  });

  it('an expired session: the next push is withheld and the socket told; the ping notices it too', async () => {
    const f = await spotFixture();
    const token = await f.login();
    const first = socket(f, token);
    const second = socket(f, token);
    f.clock.advance(POLICY.sessionTtlMs);
    f.simulator.hub.publishTo(10_001, 'TX_SUBMIT', { type: 'TX_SUBMIT' });
    expect(first.submits()).toBe(0);
    expect(first.ended()).toBe(1);
    second.ping();
    expect(second.ended()).toBe(1);
    // Once is enough: an anonymous socket is not told again.
    second.ping();
    expect(second.ended()).toBe(1);
  });

  it('a login frame with a dead token is answered with session_ended', async () => {
    const f = await spotFixture();
    const dead = socket(f, 'f'.repeat(64));
    expect(dead.ended()).toBe(1);
  });
});
