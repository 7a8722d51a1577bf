import { describe, expect, it } from 'vitest';
import { familyWire, TRANSPORTS } from './family-wire.ts';

const family = familyWire();

describe.each(TRANSPORTS)('the home carousel over the %s transport', (name) => {
  it('news category 23 holds the banners of category 1', async () => {
    const asked = await family.wire(name, 'GET', 'news/list', { category_id: '23', t: '1' });
    expect(asked.code).toBe(1);
    const banners = (asked.data as { data: Array<{ id: number; banner?: string }> }).data;
    expect(banners.length).toBeGreaterThan(0);
    expect(banners.every((item) => item.banner)).toBe(true);
    const api = await family.tessera(name);
    expect((await api.call('news/list', { category_id: 23 })).data).toEqual(
      (await api.call('news/list', { category_id: 1 })).data,
    );
  });
});
