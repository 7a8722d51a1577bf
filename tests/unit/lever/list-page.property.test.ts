import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listPage } from '../../../src/domain/lever/list-page.ts';

describe('listPage (the open positions a page at a time)', () => {
  it('shows the asked page clamped into 1..pages, and the pages cover the list exactly once', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer(), { maxLength: 60 }),
        fc.integer({ min: -5, max: 20 }),
        fc.integer({ min: 1, max: 12 }),
        (rows, asked, size) => {
          const shown = listPage(rows, asked, size);
          const pages = rows.length === 0 ? 1 : Math.floor((rows.length + size - 1) / size);
          expect(shown.pages).toBe(pages);
          expect(shown.page).toBe(Math.min(pages, Math.max(1, asked)));
          expect(shown.rows.length).toBeLessThanOrEqual(size);
          // Walking every page gives back the list, in order.
          const all: number[] = [];
          for (let page = 1; page <= shown.pages; page += 1) all.push(...listPage(rows, page, size).rows);
          expect(all).toEqual(rows);
        },
      ),
    );
  });

  it('a list that shrank under the page shown falls back to its last page, never an empty one', () => {
    const rows = Array.from({ length: 25 }, (_, index) => index);
    expect(listPage(rows, 3, 10)).toEqual({ rows: [20, 21, 22, 23, 24], page: 3, pages: 3 });
    expect(listPage(rows.slice(0, 12), 3, 10)).toEqual({ rows: [10, 11], page: 2, pages: 2 });
    expect(listPage([], 2, 10)).toEqual({ rows: [], page: 1, pages: 1 });
    expect(listPage(rows, Number.NaN, 10).page).toBe(1);
  });
});
