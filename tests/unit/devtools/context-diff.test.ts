import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contextDiff, previewText } from '../../../src/machines/devtools/context-diff.ts';

describe('context diff', () => {
  it('lists changed, added and removed paths through objects and arrays', () => {
    const before = { user: { name: 'ann', tags: ['a', 'b'] }, count: 1, gone: true };
    const after = { user: { name: 'bob', tags: ['a'] }, count: 1, fresh: 2 };
    expect(contextDiff(before, after)).toEqual([
      { path: 'user.name', kind: 'changed', before: 'ann', after: 'bob' },
      { path: 'user.tags[1]', kind: 'removed', before: 'b' },
      { path: 'gone', kind: 'removed', before: true },
      { path: 'fresh', kind: 'added', after: 2 },
    ]);
  });

  it('finds nothing between equal values, even when rebuilt', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(contextDiff(value, structuredClone(value))).toEqual([]);
      }),
    );
  });

  it('finds a change wherever a leaf changed', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.string().map((key) => `k${key}`),
          fc.integer(),
        ),
        fc.string({ minLength: 1 }),
        (record, key) => {
          // Own keys only: a key such as "toString" is new to the record, not its inherited method.
          const after = { ...record, [key]: (Object.hasOwn(record, key) ? record[key]! : 0) + 1 };
          expect(contextDiff(record, after).length).toBe(1);
        },
      ),
    );
  });

  it('previews values on one bounded line', () => {
    expect(previewText({ a: 1 })).toBe('{"a":1}');
    expect(previewText('x'.repeat(200), 10)).toHaveLength(10);
    expect(previewText(10n)).toBe('10n');
    expect(previewText({ big: 10n })).toBe('{"big":"10n"}');
    expect(previewText(undefined)).toBe('undefined');
  });
});
