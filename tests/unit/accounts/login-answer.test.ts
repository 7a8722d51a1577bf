import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { createApiClient, type ApiNotice } from '../../../src/api/client.ts';
import { FLAG_ON } from '../../../src/domain/contract-codes.ts';
import { accountsActors } from '../../../src/machines/actors/accounts.ts';
import { DEMO_ACCOUNT } from '../../../src/sim/features/accounts/policy.ts';
import { startHarness, type Harness } from '../api/sim-harness.ts';

/**
 * Issue 18 item 5: `user/login` answers the token string itself, as the family's servers do ("answers
 * token"); uid and is_seller come from `user/info`. Tessera's own sign-in follows the same contract.
 */
let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness.close();
});

describe.each(['sim', 'http'] as const)('signing in over the %s transport', (name) => {
  it('user/login answers the token itself; the sign-in reads uid and is_seller from user/info', async () => {
    const notices: ApiNotice[] = [];
    // The session holds no token yet: user/info must go out with the new one.
    const api = createApiClient({
      transport: harness.transports[name],
      getToken: () => null,
      getLang: () => 'en',
      notify: (notice) => notices.push(notice),
    });
    const token = await api.call('user/login', {
      account: DEMO_ACCOUNT.email,
      password: DEMO_ACCOUNT.password,
      login_type: 'email',
    });
    expect(token).toMatch(/^[0-9a-f]{64}$/);

    const login = createActor(accountsActors(api).login, {
      input: { account: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password, login_type: 'email' },
    }).start();
    const result = await toPromise(login);
    const info = await api.call('user/info', {}, { token: result.token });
    expect(result).toEqual({
      token: expect.stringMatching(/^[0-9a-f]{64}$/),
      uid: info.id,
      is_seller: FLAG_ON,
    });
    expect(result.token).not.toBe(token);
    expect(notices).toEqual([]);
  });

  it('a wrong password fails the sign-in with the server message and asks user/info nothing', async () => {
    const notices: ApiNotice[] = [];
    const api = createApiClient({
      transport: harness.transports[name],
      getToken: () => null,
      getLang: () => 'en',
      notify: (notice) => notices.push(notice),
    });
    const login = createActor(accountsActors(api).login, {
      input: { account: DEMO_ACCOUNT.email, password: 'Wrong-password-1', login_type: 'email' },
    }).start();
    await expect(toPromise(login)).rejects.toMatchObject({ kind: 'error' });
    expect(notices.map((notice) => notice.kind)).toEqual(['error']);
  });
});

describe('the raw answer', () => {
  it('is { code: 1, msg, data: "<token>" }, and the token is never kept in the request log', async () => {
    const request = {
      method: 'POST' as const,
      path: 'user/login',
      payload: { account: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password, login_type: 'email' },
      headers: { lang: 'en', authorization: '' },
      timeoutMs: 20_000,
      requestId: 'login-replayed-1',
    };
    const first = await harness.simulator.server.handle(request);
    expect(first).toMatchObject({ code: 1, data: expect.stringMatching(/^[0-9a-f]{64}$/) });
    // Sent again with the same id, it runs again (a new session) instead of being read back from the log.
    const again = await harness.simulator.server.handle(request);
    expect(again.code).toBe(1);
    expect(again.data).not.toBe(first.data);
  });
});
