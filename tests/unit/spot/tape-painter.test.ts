// @vitest-environment jsdom
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pushTrades } from '../../../src/domain/spot/tape.ts';
import type { CompletedTrade } from '../../../src/streams/payloads.ts';
import { createTapePainter } from '../../../src/views/pages/trade/tape-painter.ts';
import { numberTextFor } from '../../../src/domain/number-locale.ts';

const english = numberTextFor('en');

function tapeBody(rows: number): HTMLElement {
  const body = document.createElement('div');
  for (let i = 0; i < rows; i++) {
    const row = document.createElement('div');
    row.className = 'tape-row empty';
    for (const cell of ['tape-price', 'tape-number', 'tape-time']) {
      const span = document.createElement('span');
      span.className = cell;
      row.append(span);
    }
    body.append(row);
  }
  return body;
}

const shown = (body: HTMLElement) =>
  [...body.querySelectorAll('.tape-row .tape-price')].map((cell) => cell.textContent);

describe('tape painter', () => {
  it('always shows the tape newest first, whether rows are recycled or rewritten', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 25 }),
        fc.boolean(),
        (batches, snapshotFirst) => {
          const body = tapeBody(30);
          const paint = createTapePainter(body, 2, english);
          let next = 1;
          let tape: CompletedTrade[] = [];
          const make = (count: number) =>
            Array.from({ length: count }, () => ({
              time: next,
              price: String(next++),
              number: '1',
              way: 2 as const,
            })).reverse();
          if (snapshotFirst) tape = make(30);
          paint(tape, null);
          for (const size of batches) {
            tape = pushTrades(tape, make(size));
            paint(tape, size);
            const expected = [
              ...tape.map((trade) => `${trade.price}.00`),
              ...new Array(30 - tape.length).fill(''),
            ];
            expect(shown(body)).toEqual(expected);
          }
        },
      ),
    );
  });

  it('writes times in the zone it is given, not a fixed UTC+8', () => {
    const trade = { time: Date.UTC(2026, 6, 1, 12, 0, 5), price: '5', number: '1', way: 1 as const };
    const time = (zone: string) => {
      const body = tapeBody(1);
      createTapePainter(body, 2, english, zone)([trade], null);
      return body.querySelector('.tape-time')?.textContent;
    };
    expect(time('UTC')).toBe('12:00:05');
    expect(time('Europe/Berlin')).toBe('14:00:05');
    expect(time('America/New_York')).toBe('08:00:05');
    expect(time('Asia/Shanghai')).toBe('20:00:05');
  });

  it('writes each trade its own second, however the trades of a paint share or change seconds', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 4_000 }), { minLength: 1, maxLength: 6 }), (offsets) => {
        const start = Date.UTC(2026, 6, 1, 23, 59, 58);
        const trades = offsets.map((offset, index) => ({
          time: start + offset,
          price: String(index + 1),
          number: '1',
          way: 1 as const,
        }));
        const body = tapeBody(trades.length);
        createTapePainter(body, 2, english, 'UTC')(trades, null);
        const times = [...body.querySelectorAll('.tape-time')].map((cell) => cell.textContent);
        expect(times).toEqual(trades.map((trade) => new Date(trade.time).toISOString().slice(11, 19)));
      }),
    );
  });

  it('marks the stamped frame it painted', () => {
    const body = tapeBody(3);
    createTapePainter(body, 2, english)([{ time: 1, price: '5', number: '1', way: 1 }], 42);
    expect(body.dataset.seq).toBe('42');
    expect(body.querySelector('.tape-price')?.classList.contains('down')).toBe(true);
  });
});

describe("tape painter on the family's trades", () => {
  it('shows the quantity from amount, and from number when a server sends only that', () => {
    const body = tapeBody(2);
    const paint = createTapePainter(body, 2, english);
    paint(
      [
        { time: 2, price: '2', number: '0.5', amount: '0.03590', way: 2 },
        { time: 1, price: '1', number: '0.25', way: 1 },
      ],
      1,
    );
    const numbers = [...body.querySelectorAll('.tape-row .tape-number')].map((cell) => cell.textContent);
    expect(numbers).toEqual(['0.03590', '0.25']);
  });

  it('writes the price and the quantity in the reader’s language, every digit kept', () => {
    const body = tapeBody(1);
    createTapePainter(
      body,
      2,
      numberTextFor('du'),
    )([{ time: 1, price: '89233.7951', number: '0.5', amount: '1250.03590', way: 2 }], 1);
    expect(body.querySelector('.tape-price')?.textContent).toBe('89.233,79');
    expect(body.querySelector('.tape-number')?.textContent).toBe('1.250,03590');
  });
});
