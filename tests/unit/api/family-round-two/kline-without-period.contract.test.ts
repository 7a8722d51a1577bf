import { describe, expect, it } from 'vitest';
import { LATEST_KLINE_BARS } from '../../../../src/sim/market/market-routes.ts';
import { familyWire, TRANSPORTS } from './family-wire.ts';

const family = familyWire();

describe.each(TRANSPORTS)('market/kline from the home chart over the %s transport', (name) => {
  it('with only currency_match_id answers the latest 1-minute bars', async () => {
    const bare = await family.wire(name, 'GET', 'market/kline', { currency_match_id: '1', t: '1' });
    expect(bare.code, bare.msg).toBe(1);
    const bars = bare.data as Array<{ period: string; time: number }>;
    expect(bars.length).toBe(LATEST_KLINE_BARS);
    expect(new Set(bars.map((bar) => bar.period))).toEqual(new Set(['1min']));
    const api = await family.tessera(name);
    expect(await api.call('market/kline', { currency_match_id: 1 })).toEqual(
      await api.call('market/kline', { currency_match_id: 1, period: '1min' }),
    );
  });
});
