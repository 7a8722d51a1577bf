import { describe, expect, it } from 'vitest';
import { FEE_BPS } from '../../../../src/domain/spot/settlement.ts';
import { toTradePairs } from '../../../../src/streams/queries/trade-pairs.ts';
import { familyWire, TRANSPORTS } from './family-wire.ts';

const family = familyWire();

describe.each(TRANSPORTS)('change_fee_rate over the %s transport', (name) => {
  it('is a percent: "0.1" for the 10 bp spot fee, and Tessera shows it so', async () => {
    const groups = await family.wire(name, 'GET', 'market/currency_matches', { t: '1' });
    const pairs = (groups.data as Array<{ matches: Array<{ change_fee_rate: string }> }>).flatMap(
      (group) => group.matches,
    );
    expect(pairs.length).toBeGreaterThan(3);
    // The family's client prints parseFloat(change_fee_rate) + "%".
    for (const pair of pairs) expect(`${parseFloat(pair.change_fee_rate)}%`).toBe('0.1%');
    expect(Number(FEE_BPS) / 100).toBe(0.1);

    const api = await family.tessera(name);
    const tradePairs = toTradePairs(await api.call('market/currency_matches', {}));
    expect(new Set(tradePairs.map((pair) => pair.feePercent))).toEqual(new Set(['0.1']));
  });
});
