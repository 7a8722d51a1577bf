import { describe, expect, it } from 'vitest';
import { familyWire, TRANSPORTS } from './family-wire.ts';

const family = familyWire();

describe.each(TRANSPORTS)('user/authorization_code over the %s transport', (name) => {
  it('answers the code string itself as data, and Tessera reads it so', async () => {
    const token = await family.signIn(name);
    const answer = await family.wire(name, 'GET', 'user/authorization_code', { t: '1' }, token);
    expect(answer.code).toBe(1);
    expect(typeof answer.data).toBe('string');
    expect(answer.data).toMatch(/^\S{4,}$/);
    const api = await family.tessera(name);
    expect(await api.call('user/authorization_code', {})).toBe(answer.data);
  });
});

describe("Tessera's client on an older server", () => {
  it('reads { code } as the same code', async () => {
    const { loadCallSpec } = await import('../../../../src/api/call-specs.ts');
    const spec = await loadCallSpec('user/authorization_code');
    expect(spec.answer.parse({ code: 'AB12' })).toBe('AB12');
    expect(spec.answer.parse('AB12')).toBe('AB12');
    expect(spec.answer.safeParse({ code: 12 }).success).toBe(false);
  });
});
