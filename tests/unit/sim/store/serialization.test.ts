import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deserialize, serialize, serializeInSlices } from '../../../../src/sim/store/serialization.ts';
import { PersistentList } from '../../../../src/sim/store/persistent-list.ts';
import { PersistentMap } from '../../../../src/sim/store/persistent-map.ts';

/** Values the store must round-trip: JSON plus bigint, Map, the persistent map and list, Set, every number. */
const storable = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    fc.string(),
    fc.double(),
    fc.bigInt(),
    fc.array(tie('value')),
    fc.dictionary(fc.oneof(fc.string(), fc.constant('~t'), fc.constant('v')), tie('value')),
    fc
      .array(fc.tuple(fc.oneof(fc.string(), fc.bigInt(), fc.integer()), tie('value')))
      .map((entries) => new Map(entries)),
    fc
      .array(fc.tuple(fc.oneof(fc.string(), fc.integer(), fc.double()), tie('value')))
      .map((entries) => PersistentMap.from(entries)),
    fc.array(tie('value')).map((items) => PersistentList.from(items)),
    fc.array(fc.oneof(fc.string(), fc.integer())).map((items) => new Set(items)),
  ),
})).value;

describe('serialize / deserialize', () => {
  it('round-trips every storable value', () => {
    fc.assert(
      fc.property(storable, (value) => {
        expect(deserialize(serialize(value))).toEqual(value);
      }),
      { numRuns: 500 },
    );
  });

  it('is deterministic: equal values built the same way give identical text', () => {
    fc.assert(
      fc.property(storable, (value) => {
        expect(serialize(deserialize(serialize(value)))).toBe(serialize(value));
      }),
    );
  });

  it('keeps bigint beyond 2^64, Map keys and special numbers exact', () => {
    const value = {
      balance: 2n ** 70n + 1n,
      negative: -123456789012345678901234567890n,
      byAccount: new Map<string | bigint, bigint>([
        ['alice', 10n],
        [7n, 3n],
      ]),
      tags: new Set(['a', 'b']),
      numbers: [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0, 0.1],
    };
    const restored = deserialize(serialize(value)) as typeof value;
    expect(restored).toEqual(value);
    expect(restored.balance).toBe(2n ** 70n + 1n);
    expect(Object.is(restored.numbers[3], -0)).toBe(true);
    expect(restored.byAccount.get(7n)).toBe(3n);
  });

  it('gives a persistent map back as one, in its insertion order, and a Map as a Map', () => {
    const orders = PersistentMap.from<number, string>([
      [9, 'late id first'],
      [2, 'b'],
    ]).with(9, 'rewritten');
    const restored = deserialize(serialize({ orders, old: new Map([[1, 'a']]) })) as {
      orders: unknown;
      old: unknown;
    };
    expect(restored.orders).toBeInstanceOf(PersistentMap);
    expect([...(restored.orders as PersistentMap<number, string>)]).toEqual([
      [9, 'rewritten'],
      [2, 'b'],
    ]);
    expect(restored.old).toBeInstanceOf(Map);
  });

  it('gives a persistent list back as one, in order, and an array as an array', () => {
    const restored = deserialize(serialize({ ids: PersistentList.from([3, 1, 2]), old: [4] })) as {
      ids: unknown;
      old: unknown;
    };
    expect(restored.ids).toBeInstanceOf(PersistentList);
    expect([...(restored.ids as PersistentList<number>)]).toEqual([3, 1, 2]);
    expect(restored.old).toEqual([4]);
  });

  it('does not mistake user objects that look like tags for tagged values', () => {
    const lookalike = { '~t': 'bigint', v: '12' };
    expect(deserialize(serialize(lookalike))).toEqual(lookalike);
    expect(deserialize(serialize({ nested: [lookalike] }))).toEqual({ nested: [lookalike] });
  });

  it('rejects values it cannot restore', () => {
    expect(() => serialize({ when: new Date(0) })).toThrow(TypeError);
    expect(() => serialize({ f: () => 1 })).toThrow(TypeError);
    expect(() => serialize(Symbol('s'))).toThrow(TypeError);
    expect(() => serialize(undefined)).toThrow(TypeError);
  });
});

/** Runs the sliced encoder to its end; returns the text and how many times it offered to pause. */
function drain(value: unknown): { text: string; pauses: number } {
  const slices = serializeInSlices(value);
  let pauses = 0;
  for (;;) {
    const step = slices.next();
    if (step.done) return { text: step.value, pauses };
    pauses++;
  }
}

describe('serializeInSlices (snapshots encoded a slice at a time)', () => {
  it('writes exactly the text serialize writes, for any record of storable values', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.oneof(fc.string(), fc.constant('~t'), fc.constant('v')), storable),
        (record) => {
          let whole: string | Error;
          try {
            whole = serialize(record);
          } catch (error) {
            whole = error as Error;
          }
          if (whole instanceof Error) expect(() => drain(record)).toThrow();
          else expect(drain(record).text).toBe(whole);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('writes what serialize writes for values that are not plain records, and records with a toJSON', () => {
    fc.assert(
      fc.property(storable, (value) => {
        expect(drain(value).text).toBe(serialize(value));
      }),
      { numRuns: 300 },
    );
    const withToJson = { orders: new Map([[1, 2]]), toJSON: () => ({ replaced: 1n }) };
    expect(drain(withToJson).text).toBe(serialize(withToJson));
    const nested = { at: { toJSON: () => 5 }, list: Object.assign([1, 2], { toJSON: () => 'list' }) };
    expect(drain(nested).text).toBe(serialize(nested));
    // JSON writes a missing item of an array (or a Set) as null, and drops a missing property.
    const holes = { list: [1, undefined, 2], set: new Set([undefined]), gone: undefined };
    expect(drain(holes).text).toBe(serialize(holes));
  });

  it('offers to pause inside a big collection, and not at all for a small state', () => {
    const orders = PersistentMap.from(
      Array.from({ length: 3000 }, (_, id) => [id, { id, lots: BigInt(id) }] as [number, unknown]),
    );
    const state = { orders, users: new Set(Array.from({ length: 600 }, (_, id) => id)), tick: 7 };
    const { text, pauses } = drain(state);
    expect(text).toBe(serialize(state));
    expect(pauses).toBeGreaterThanOrEqual(Math.floor(3000 / 256) + Math.floor(600 / 256));
    expect(drain({ orders: new Map([[1, 1n]]), tick: 7 }).pauses).toBe(0);
  });

  it('refuses what serialize refuses (a Date, a function) instead of writing something else', () => {
    expect(() => drain({ when: new Date(0) })).toThrow(/Date/);
    expect(() => drain({ list: [1, new Date(0)] })).toThrow(/Date/);
    expect(() => drain({ byId: new Map([[1, () => 1]]) })).toThrow(/function/);
  });
});
