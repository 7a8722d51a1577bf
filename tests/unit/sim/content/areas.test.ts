import { describe, expect, it } from 'vitest';
import { AREAS, findArea } from '../../../../src/sim/content/areas.ts';

describe('AREAS', () => {
  it('holds a complete list of countries and territories', () => {
    expect(AREAS.length).toBeGreaterThanOrEqual(200);
    expect(AREAS.length).toBeLessThanOrEqual(250);
  });

  it('has ids 1..N in order', () => {
    AREAS.forEach((a, i) => expect(a.id).toBe(i + 1));
  });

  it('has unique ids and names', () => {
    expect(new Set(AREAS.map((a) => a.id)).size).toBe(AREAS.length);
    expect(new Set(AREAS.map((a) => a.name)).size).toBe(AREAS.length);
  });

  it('is sorted by English name', () => {
    const names = AREAS.map((a) => a.name);
    const sorted = [...names].sort((a, b) => a.localeCompare(b, 'en'));
    expect(names).toEqual(sorted);
  });

  it('has 1-4 digit dialling codes without a plus sign and non-empty names', () => {
    for (const a of AREAS) {
      expect(a.global_code, a.name).toMatch(/^[1-9]\d{0,3}$/);
      expect(a.name.trim()).toBe(a.name);
      expect(a.name.length).toBeGreaterThan(1);
    }
  });

  it.each([
    ['United States', '1'],
    ['Canada', '1'],
    ['China', '86'],
    ['Hong Kong', '852'],
    ['Taiwan', '886'],
    ['Japan', '81'],
    ['South Korea', '82'],
    ['Thailand', '66'],
    ['France', '33'],
    ['Russia', '7'],
    ['Brazil', '55'],
    ['Spain', '34'],
    ['Italy', '39'],
    ['Portugal', '351'],
    ['Germany', '49'],
    ['Netherlands', '31'],
    ['United Kingdom', '44'],
    ['India', '91'],
    ['Singapore', '65'],
    ['Australia', '61'],
    ['Vietnam', '84'],
    ['United Arab Emirates', '971'],
    ['South Africa', '27'],
    ['Mexico', '52'],
    ['Jamaica', '1876'],
  ])('maps %s to +%s', (name, code) => {
    const area = AREAS.find((a) => a.name === name);
    expect(area, name).toBeDefined();
    expect(area?.global_code).toBe(code);
  });

  it('finds an area by id', () => {
    const first = AREAS[0];
    expect(first).toBeDefined();
    expect(findArea(first!.id)).toBe(first);
    expect(findArea(0)).toBeUndefined();
  });
});
