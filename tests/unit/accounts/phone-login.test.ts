import { describe, expect, it } from 'vitest';
import { startAccounts } from './harness.ts';

/** The harness registers phones in area 104; another area id of the list is 1. */
describe('phone login uses the chosen country (issue 11)', () => {
  it('logs in with the number in its own country only', async () => {
    const sim = await startAccounts();
    expect((await sim.register('7700900123')).code).toBe(1);
    const login = (country_code: number) =>
      sim.call('user/login', {
        account: '7700900123',
        password: 'Secret123',
        login_type: 'mobile',
        country_code,
      });
    const elsewhere = await login(1);
    expect(elsewhere.code).toBe(0);
    // Same answer as an unknown account: nobody learns that the number exists in another country.
    const unknown = await sim.call('user/login', {
      account: '7700900999',
      password: 'Secret123',
      login_type: 'mobile',
      country_code: 1,
    });
    expect(elsewhere.msg).toBe(unknown.msg);
    expect((await login(104)).code).toBe(1);
  });

  it('refuses a country that does not exist, without echoing it', async () => {
    const sim = await startAccounts();
    const answer = await sim.call('user/login', {
      account: '7700900123',
      password: 'Secret123',
      login_type: 'mobile',
      country_code: 987_654,
    });
    expect(answer.code).toBe(0);
    expect(answer.msg).not.toContain('987654');
  });
});
