import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { appended, PersistentList } from '../../../../src/sim/store/persistent-list.ts';

function expectSame(list: PersistentList<number>, model: readonly number[]): void {
  expect(list.length).toBe(model.length);
  expect([...list]).toEqual(model);
  for (let i = -model.length - 2; i < model.length + 2; i++) expect(list.at(i)).toBe(model.at(i));
}

describe('PersistentList', () => {
  it('reads like the array of what was pushed: length, at (negative too), order', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 200 }), (items) => {
        expectSame(PersistentList.from(items), items);
      }),
    );
  });

  it('never changes a list it was given: every earlier length still reads as it did', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 80 }), (items) => {
        const versions = [PersistentList.empty<number>()];
        for (const item of items) versions.push(versions.at(-1)!.push(item));
        versions.forEach((version, length) => expectSame(version, items.slice(0, length)));
      }),
      { numRuns: 100 },
    );
  });

  it('keeps order past two levels of its trie (1,024 and 32,768 items fill them)', () => {
    const items = Array.from({ length: 32 * 32 * 32 + 5 }, (_, i) => i * 3);
    const list = PersistentList.from(items);
    expect(list.length).toBe(items.length);
    expect([...list]).toEqual(items);
    for (const i of [0, 31, 32, 1023, 1024, 32_767, 32_768, items.length - 1])
      expect(list.at(i)).toBe(items[i]);
    expect(list.at(items.length)).toBeUndefined();
    expect(list.at(1.5)).toBeUndefined();
    // Built level by level, then grown by push: both shapes must agree, across a full level too.
    expectSame(list.push(-1), [...items, -1]);
    const full = PersistentList.from(items.slice(0, 1024));
    expectSame(full.push(-2).push(-3), [...items.slice(0, 1024), -2, -3]);
  });

  it('appended turns a plain array into a persistent list and leaves the array alone', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 40 }), fc.integer(), (items, item) => {
        const plain = [...items];
        const next = appended(plain, item);
        expect(plain).toEqual(items);
        expect(next).toBeInstanceOf(PersistentList);
        expectSame(next, [...items, item]);
        expectSame(appended(next, item), [...items, item, item]);
      }),
    );
  });
});
