import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { asOf$ } from '../../../src/streams/staleness.ts';

function testScheduler(): TestScheduler {
  return new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
}

describe('as of', () => {
  it("says nothing while updates keep coming, and the last one's time once it is older than the limit", () => {
    const scheduler = testScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      // Updates at 0, 1 000 and 2 000; then silence until 9 000.
      const updates$ = cold('a 999ms b 999ms c 6999ms d', { a: 1, b: 2, c: 3, d: 4 });
      expectObservable(asOf$(updates$, 5_000, scheduler), '^ 12000ms !').toBe('n 6999ms s 1999ms n', {
        n: null,
        s: 2_000,
      });
    });
  });
});
