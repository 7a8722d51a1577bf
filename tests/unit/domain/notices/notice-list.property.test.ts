import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addNotices,
  markAllRead,
  NOTICE_KINDS,
  unreadCount,
  type Notice,
} from '../../../../src/domain/notices/notice-list.ts';

/**
 * A key names one happening, which happened at one time: the same key always comes with the same
 * time (a fill's order time, an alert's trade time). Times repeat across keys (ties are common).
 */
const notice: fc.Arbitrary<Notice> = fc
  .record({
    id: fc.integer({ min: 0, max: 39 }),
    kind: fc.constantFrom(...NOTICE_KINDS),
    read: fc.boolean(),
  })
  .map(({ id, kind, read }) => ({
    key: `k${id}`,
    kind,
    at: (id * 7) % 13,
    text: 'fillBuy',
    vars: {},
    link: '/trade',
    read,
  }));
const batches = fc.array(fc.array(notice, { maxLength: 12 }), { maxLength: 8 });
const limit = fc.integer({ min: 1, max: 25 });

/** The list after every batch, and every notice announced on the way. */
function fold(list: Notice[], all: Notice[][], max: number) {
  const announced: Notice[] = [];
  for (const batch of all) {
    const next = addNotices(list, batch, max);
    announced.push(...next.added);
    list = next.list;
  }
  return { list, announced };
}

describe('the notification list', () => {
  it('lists a key once, newest first, never more than the limit, and announces a key at most once', () => {
    fc.assert(
      fc.property(batches, limit, (all, max) => {
        const { list, announced } = fold([], all, max);
        expect(new Set(list.map((n) => n.key)).size).toBe(list.length);
        expect(list.length).toBeLessThanOrEqual(max);
        for (let i = 1; i < list.length; i++) expect(list[i - 1]!.at).toBeGreaterThanOrEqual(list[i]!.at);
        expect(new Set(announced.map((n) => n.key)).size).toBe(announced.length);
        // Everything announced was listed when it was announced (announced ⊆ what arrived).
        const arrived = new Set(all.flat().map((n) => n.key));
        for (const n of announced) expect(arrived.has(n.key)).toBe(true);
      }),
    );
  });

  it('the same batches arriving again (a reload, a reconnect) add and announce nothing', () => {
    fc.assert(
      fc.property(batches, limit, (all, max) => {
        const first = fold([], all, max);
        const again = fold(first.list, all, max);
        expect(again.announced).toEqual([]);
        expect(again.list).toEqual(first.list);
      }),
    );
  });

  it('a listed notice keeps its read mark when it arrives again unread', () => {
    fc.assert(
      fc.property(fc.array(notice, { minLength: 1, maxLength: 10 }), (batch) => {
        const read = markAllRead(addNotices([], batch).list);
        const again = addNotices(
          read,
          batch.map((n) => ({ ...n, read: false })),
        ).list;
        expect(unreadCount(again)).toBe(0);
      }),
    );
  });

  it('while the list has room, every new key is kept and announced', () => {
    fc.assert(
      fc.property(fc.array(notice, { maxLength: 20 }), (batch) => {
        const { list, added } = addNotices([], batch, 100);
        const keys = new Set(batch.map((n) => n.key));
        expect(list.length).toBe(keys.size);
        expect(added.length).toBe(keys.size);
      }),
    );
  });

  it('counts the unread and marks them all read', () => {
    fc.assert(
      fc.property(fc.array(notice, { maxLength: 20 }), (batch) => {
        const { list } = addNotices([], batch, 100);
        expect(unreadCount(list)).toBe(list.filter((n) => !n.read).length);
        expect(unreadCount(markAllRead(list))).toBe(0);
      }),
    );
  });
});
