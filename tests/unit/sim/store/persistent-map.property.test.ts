import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashOf, PersistentMap, withEntry, withoutEntry } from '../../../../src/sim/store/persistent-map.ts';

/** Two FNV-1a pairs known to share all 32 bits: they drive the trie's collision nodes. */
const COLLIDING = [
  ['costarring', 'liquid'],
  ['declinate', 'macallums'],
] as const;

type Key = string | number;
type Op = { kind: 'set'; key: Key; value: number } | { kind: 'delete'; key: Key };

/** Few keys, so sets hit existing keys and deletes hit present ones; numbers and strings mixed. */
const key: fc.Arbitrary<Key> = fc.oneof(
  fc.integer({ min: -3, max: 40 }),
  fc.constantFrom(0, -0, NaN, 0.5, 2 ** 40, -(2 ** 31), 2 ** 31),
  fc.constantFrom(...COLLIDING.flat(), '', '1', '1:2', '1:2:lever', 'fees:3'),
);
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), key, value: fc.integer() }),
  fc.record({ kind: fc.constant('delete' as const), key }),
);

function expectSame(map: PersistentMap<Key, number>, model: Map<Key, number>): void {
  expect(map.size).toBe(model.size);
  expect([...map]).toEqual([...model]);
  expect([...map.keys()]).toEqual([...model.keys()]);
  expect([...map.values()]).toEqual([...model.values()]);
  const seen: [Key, number][] = [];
  map.forEach((value, k, self) => {
    expect(self).toBe(map);
    seen.push([k, value]);
  });
  expect(seen).toEqual([...model.entries()]);
  for (const [k, value] of model) {
    expect(map.has(k)).toBe(true);
    expect(map.get(k)).toBe(value);
  }
}

describe('PersistentMap', () => {
  it('the colliding test keys do collide (else the collision paths go untested)', () => {
    for (const [a, b] of COLLIDING) expect(hashOf(a)).toBe(hashOf(b));
  });

  it('reads like a Map after any sequence of sets and deletes: entries, order, size, get, has', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 120 }), fc.array(key, { maxLength: 10 }), (ops, probes) => {
        let map = PersistentMap.empty<Key, number>();
        const model = new Map<Key, number>();
        for (const step of ops) {
          if (step.kind === 'set') {
            map = map.with(step.key, step.value);
            model.set(step.key, step.value);
          } else {
            map = map.without(step.key);
            model.delete(step.key);
          }
        }
        expectSame(map, model);
        for (const probe of probes) {
          expect(map.has(probe)).toBe(model.has(probe));
          expect(map.get(probe)).toBe(model.get(probe));
        }
      }),
      { numRuns: 400 },
    );
  });

  it('never changes a map it was given: every earlier version still reads as it did', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const versions: [PersistentMap<Key, number>, Map<Key, number>][] = [];
        let map = PersistentMap.empty<Key, number>();
        let model = new Map<Key, number>();
        for (const step of ops) {
          versions.push([map, model]);
          model = new Map(model);
          if (step.kind === 'set') {
            map = map.with(step.key, step.value);
            model.set(step.key, step.value);
          } else {
            map = map.without(step.key);
            model.delete(step.key);
          }
        }
        for (const [old, oldModel] of versions) expectSame(old, oldModel);
      }),
      { numRuns: 150 },
    );
  });

  it('keeps insertion order past one level of its order vector, and across removals that rebuild it', () => {
    let map = PersistentMap.empty<number, number>();
    const model = new Map<number, number>();
    // 33 * 32 + 1 entries: the order vector grows to three levels (32, then 1,024 slots are full).
    for (let id = 1; id <= 33 * 32 + 1; id++) {
      map = map.with(id, id * 2);
      model.set(id, id * 2);
    }
    expectSame(map as PersistentMap<Key, number>, model);
    // Removing most of them rebuilds the order vector (holes past half the entries) more than once.
    for (let id = 1; id <= 33 * 32 + 1; id++) {
      if (id % 7 === 0) continue;
      map = map.without(id);
      model.delete(id);
    }
    expectSame(map as PersistentMap<Key, number>, model);
    map = map.with(5, 1).with(7, 3);
    model.set(5, 1).set(7, 3);
    expectSame(map as PersistentMap<Key, number>, model);
  });

  it('setting a key to the value it has, or removing a missing key, gives the same map back', () => {
    const map = PersistentMap.from<Key, number>([
      ['a', 1],
      [2, 3],
    ]);
    expect(map.with('a', 1)).toBe(map);
    expect(map.without('b')).toBe(map);
    expect(map.with('a', 2)).not.toBe(map);
  });

  it('withEntry and withoutEntry turn a plain Map into a persistent one and leave the Map alone', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(key, fc.integer()), { maxLength: 30 }),
        key,
        fc.integer(),
        (entries, k, v) => {
          const plain = new Map(entries);
          const before = [...plain];
          const added = withEntry(plain, k, v);
          const removed = withoutEntry(plain, k);
          expect([...plain]).toEqual(before);
          expect(added).toBeInstanceOf(PersistentMap);
          expectSame(added, new Map(plain).set(k, v));
          const model = new Map(plain);
          model.delete(k);
          expectSame(removed, model);
        },
      ),
    );
  });

  it('two maps with the same entries in the same order are equal to vitest, whatever their history', () => {
    const direct = PersistentMap.from<Key, number>([
      ['x', 1],
      ['y', 2],
    ]);
    const rewritten = PersistentMap.from<Key, number>([
      ['x', 0],
      ['y', 2],
      ['z', 9],
    ])
      .with('x', 1)
      .without('z');
    expect(rewritten).toEqual(direct);
    expect(rewritten).not.toEqual(
      PersistentMap.from<Key, number>([
        ['y', 2],
        ['x', 1],
      ]),
    );
    expect(rewritten).not.toEqual(
      new Map([
        ['x', 1],
        ['y', 2],
      ]),
    );
  });
});
