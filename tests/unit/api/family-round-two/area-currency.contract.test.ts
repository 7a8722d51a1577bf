import { describe, expect, it } from 'vitest';
import { fiatLabel } from '../../../../src/domain/p2p/fiat-label.ts';
import { familyWire, TRANSPORTS } from './family-wire.ts';

const family = familyWire();

interface Area {
  id: number;
  name: string;
  currency: string;
  currency_symbol: string;
  code: string;
  decimal: number;
}

describe.each(TRANSPORTS)('default/area_list over the %s transport', (name) => {
  it("carries each country's fiat currency: currency, currency_symbol, code, decimal", async () => {
    const answer = await family.wire(name, 'GET', 'default/area_list', { t: '1' });
    const areas = answer.data as Area[];
    expect(areas.length).toBeGreaterThan(200);
    for (const area of areas) {
      expect(area.currency, area.name).toMatch(/^[A-Z]{3}$/);
      expect(area.code, area.name).toMatch(/^[A-Z]{2}$/);
      expect(area.currency_symbol, area.name).not.toBe('');
      expect(Number.isInteger(area.decimal), area.name).toBe(true);
    }
    const byName = (country: string) => areas.find((area) => area.name === country)!;
    expect(byName('China')).toMatchObject({ currency: 'CNY', currency_symbol: '¥', code: 'CN', decimal: 2 });
    expect(byName('Japan')).toMatchObject({ currency: 'JPY', code: 'JP', decimal: 0 });
    expect(byName('Germany')).toMatchObject({ currency: 'EUR', currency_symbol: '€', code: 'DE' });
    expect(byName('United States')).toMatchObject({ currency: 'USD', currency_symbol: '$', code: 'US' });

    // Tessera's client reads the same entries; its ad form labels the fiat choices with them.
    const api = await family.tessera(name);
    const read = await api.call('default/area_list', {});
    expect(read).toEqual(areas);
    expect(['CNY', 'USD', 'EUR'].map((code) => fiatLabel(code, read))).toEqual([
      'CNY (¥)',
      'USD ($)',
      'EUR (€)',
    ]);
  });
});

describe('fiatLabel', () => {
  it('is the code alone when no country names the currency or its symbol is the code', () => {
    expect(fiatLabel('CNY', [])).toBe('CNY');
    expect(fiatLabel('AED', [{ currency: 'AED', currency_symbol: 'AED' }])).toBe('AED');
    expect(fiatLabel('CNY', [{ currency: 'CNY' }, { currency: 'CNY', currency_symbol: '¥' }])).toBe(
      'CNY (¥)',
    );
  });
});
