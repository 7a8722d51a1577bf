import { describe, expect, it } from 'vitest';
import { familyWire, TRANSPORTS } from './family-wire.ts';

const family = familyWire();

describe.each(TRANSPORTS)('user/info over the %s transport', (name) => {
  it('carries level and credit_score as numbers', async () => {
    const token = await family.newUser(name, `standing-${name}@example.com`);
    const info = await family.wire(name, 'GET', 'user/info', { t: '1' }, token);
    expect(info.code).toBe(1);
    expect(info.data).toMatchObject({ level: 0, credit_score: 100 });
    const api = await family.tessera(name, token);
    expect(await api.call('user/info', {})).toMatchObject({ level: 0, credit_score: 100 });
  });
});
