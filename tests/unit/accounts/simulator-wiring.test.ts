import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/sim/clock.ts';
import { DEMO_ACCOUNT } from '../../../src/sim/features/accounts/policy.ts';
import { loadServerMessages } from '../../../src/sim/server-messages.ts';
import { createSimulator } from '../../../src/sim/simulator.ts';
import { START } from './harness.ts';

describe('the simulator wires accounts to its server and socket hub', () => {
  it('serves the account calls and makes a logged-in socket its owner for private pushes', async () => {
    const simulator = await createSimulator({
      clock: new ManualClock(START),
      messages: loadServerMessages,
      store: null,
    });
    const answer = await simulator.server.handle({
      method: 'POST',
      path: 'user/login',
      payload: { account: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password, login_type: 'email' },
      headers: { lang: 'en', authorization: '' },
      timeoutMs: 20_000,
    });
    expect(answer.code).toBe(1);
    // user/login answers the token itself; the user's id is user/info's.
    const token = answer.data as string;
    const uid = (
      (
        await simulator.server.handle({
          method: 'GET',
          path: 'user/info',
          payload: {},
          headers: { lang: 'en', authorization: token },
          timeoutMs: 20_000,
        })
      ).data as { id: number }
    ).id;

    const owner: string[] = [];
    const stranger: string[] = [];
    const mine = simulator.server.openSocket((text) => owner.push(text));
    const theirs = simulator.server.openSocket((text) => stranger.push(text));
    mine.receive(JSON.stringify({ type: 'login', params: token }));
    theirs.receive(JSON.stringify({ type: 'login', params: 'f'.repeat(64) }));
    for (const socket of [mine, theirs]) socket.receive(JSON.stringify({ type: 'sub', params: 'TX_SUBMIT' }));
    simulator.hub.publishTo(uid, 'TX_SUBMIT', { type: 'TX_SUBMIT', id: 1 });
    // Login and sub are acknowledged as the family's servers do (issue 18), then the push.
    expect(owner).toEqual([
      '{"type":"login_result","code":1}',
      '{"type":"sub_result","msg":"ok"}',
      '{"type":"TX_SUBMIT","id":1}',
    ]);
    // A dead token is told so (login_result "999", session_ended) and gets no private frame.
    expect(stranger).toEqual([
      '{"type":"login_result","code":"999"}',
      '{"type":"session_ended"}',
      '{"type":"sub_result","msg":"ok"}',
    ]);
    mine.close();
    theirs.close();
  });
});
