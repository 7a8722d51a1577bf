// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createBookPainter } from '../../../src/views/pages/trade/book-painter.ts';
import type { Depth } from '../../../src/streams/payloads.ts';
import type { LanguageCode } from '../../../src/domain/languages.ts';
import { numberTextFor } from '../../../src/domain/number-locale.ts';

/** The book's fixed rows, as OrderBook renders them. */
function bookRoot(rows: number): HTMLElement {
  const root = document.createElement('div');
  for (const side of ['ask', 'bid']) {
    for (let level = 0; level < rows; level++) {
      const row = document.createElement('div');
      row.dataset.side = side;
      row.dataset.level = String(level);
      for (const name of ['book-bar', 'book-price', 'book-number', 'book-total']) {
        const cell = document.createElement('span');
        cell.className = name;
        row.append(cell);
      }
      root.append(row);
    }
  }
  return root;
}

const cell = (root: HTMLElement, side: string, level: number, name: string) =>
  root.querySelector<HTMLElement>(`[data-side="${side}"][data-level="${level}"] .${name}`)!;

function paint(depth: Depth, language: LanguageCode = 'en'): HTMLElement {
  const root = bookRoot(2);
  createBookPainter(
    root,
    numberTextFor(language),
  )({
    depth,
    seq: 1,
    step: '0.01',
    priceDecimals: 2,
    own: { bids: new Set(), asks: new Set() },
  });
  return root;
}

describe("the order book reads the family's rows", () => {
  it('amount is the quantity (bars relative to the largest), total the quote value', () => {
    const root = paint({
      in: [
        { index: 0, price: '90000.00', number: '0.03590', amount: '0.03590', total: '3231.00' },
        { index: 1, price: '89999.00', number: '0.07180', amount: '0.07180', total: '6461.93' },
      ],
      out: [{ index: 0, price: '90001.00', number: '0.01795', amount: '0.01795', total: '1615.52' }],
    });
    expect(cell(root, 'bid', 0, 'book-number').textContent).toBe('0.03590');
    expect(cell(root, 'bid', 0, 'book-total').textContent).toBe('3,231.00');
    expect(cell(root, 'bid', 1, 'book-bar').style.transform).toBe('scaleX(1.000)');
    expect(cell(root, 'bid', 0, 'book-bar').style.transform).toBe('scaleX(0.500)');
    expect(cell(root, 'ask', 0, 'book-bar').style.transform).toBe('scaleX(0.250)');
  });

  it("shows price x quantity as the total when a server sends none (the family's servers)", () => {
    const root = paint({
      in: [{ index: 0, price: '90000.00', number: '0.03590', amount: '0.03590' }],
      out: [],
    });
    expect(cell(root, 'bid', 0, 'book-total').textContent).toBe('3,231.00');
  });

  it('writes every number in the reader’s language, with the digits the server sent', () => {
    const depth: Depth = {
      in: [
        { index: 0, price: '90000.00', number: '1234.03590', amount: '1234.03590', total: '111063231.00' },
      ],
      out: [],
    };
    const root = paint(depth, 'gm');
    expect(cell(root, 'bid', 0, 'book-price').textContent).toBe('90.000,00');
    expect(cell(root, 'bid', 0, 'book-number').textContent).toBe('1.234,03590');
    expect(cell(root, 'bid', 0, 'book-total').textContent).toBe('111.063.231,00');
    expect(cell(paint(depth, 'ru'), 'bid', 0, 'book-price').textContent).toBe('90\u00a0000,00');
  });
});
