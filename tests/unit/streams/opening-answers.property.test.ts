import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeOpeningAnswers, readKey } from '../../../src/streams/opening-answers.ts';

describe("a page's opening answers read back", () => {
  it('answer exactly the keys the page carries, with their answers', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), fc.string(), (table, other) => {
        const text = JSON.stringify(table);
        const answers = decodeOpeningAnswers(text);
        if (answers === null) throw new Error('a table written by the build was not read back');
        // The page carries the table as JSON text, so its answers are the text's values: a -0
        // written by the build is read back as 0.
        const carried = JSON.parse(text) as Record<string, unknown>;
        for (const key of Object.keys(table)) expect(answers.known(key)).toEqual({ data: carried[key] });
        // Nothing the page does not carry, not even what every object inherits.
        for (const key of [other, 'toString', '__proto__', 'constructor'])
          if (!Object.hasOwn(table, key)) expect(answers.known(key)).toBeUndefined();
      }),
      { numRuns: 1000 },
    );
  });

  it('are none when the text is not a table of answers', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.jsonValue().map((value) => JSON.stringify(value)),
        ),
        (text) => {
          const answers = decodeOpeningAnswers(text);
          let table: unknown = undefined;
          try {
            table = JSON.parse(text);
          } catch {
            // not JSON: no answers
          }
          const isTable = typeof table === 'object' && table !== null && !Array.isArray(table);
          expect(answers !== null).toBe(isTable);
        },
      ),
      { numRuns: 300 },
    );
    expect(decodeOpeningAnswers(null)).toBeNull();
  });

  it('are keyed by the read: its call and payload', () => {
    expect(readKey('news/list', { category_id: 22 })).toBe('["news/list",{"category_id":22}]');
    expect(readKey('news/list', { category_id: 22 })).not.toBe(readKey('news/list', { category_id: 5 }));
  });
});
