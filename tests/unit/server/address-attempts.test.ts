import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../../../src/sim/features/accounts/policy.ts';
import { AddressAttempts } from '../../../src/sim/node/address-attempts.ts';
import { post, startServer, type ServerFixture } from './server-fixture.ts';

describe('failed sign-in attempts per client address', () => {
  it('blocks an address after maxFailures within the window, until the oldest leaves it', () => {
    let now = 0;
    const attempts = new AddressAttempts(3, 60_000, () => now);
    for (const at of [0, 10_000, 20_000]) {
      now = at;
      expect(attempts.blockedFor('a')).toBe(0);
      attempts.recordFailure('a');
    }
    expect(attempts.blockedFor('a')).toBe(40_000); // the failure at 0 leaves the window at 60 000
    expect(attempts.blockedFor('b')).toBe(0); // another address is not affected
    now = 60_001;
    expect(attempts.blockedFor('a')).toBe(0);
  });

  describe('over HTTP', () => {
    let server: ServerFixture;
    beforeAll(async () => {
      server = await startServer({ attempts: new AddressAttempts(4, 60_000, () => Date.now()) });
    });
    afterAll(() => server.close());

    it('wrong passwords for many accounts from one address: then even the right one is refused from it', async () => {
      const login = (account: string, password: string) =>
        post(server.base, 'user/login', { account, password, login_type: 'email' });
      for (let i = 0; i < 4; i++) {
        const answer = await login(`someone${i}@example.com`, 'Guess1234');
        expect(answer.body.code).toBe(0);
        expect(answer.body.msg).not.toMatch(/Too many/);
      }
      const blocked = await login(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
      expect(blocked.body).toMatchObject({ code: 0, msg: 'Too many wrong passwords. Try again in 1 min' });
      // Other calls from that address are served as usual.
      expect((await post(server.base, 'notify/send_email', { to: 'x@example.com', type: 1 })).body.code).toBe(
        1,
      );
    });
  });
});
