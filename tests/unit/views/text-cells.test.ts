// @vitest-environment jsdom
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { setText } from '../../../src/views/pages/trade/text-cells.ts';

describe('a live cell is written in place (text-cells.ts setText)', () => {
  it('shows the last text written, whatever the sequence of texts, empty ones included', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('', '1', '90,000.50', '0.0359', '12:00:05'), { maxLength: 12 }),
        (texts) => {
          const cell = document.createElement('span');
          for (const text of texts) {
            setText(cell, text);
            expect(cell.textContent).toBe(text);
            // Never more than one text node, and none for an empty cell (CSS :empty holds).
            expect(cell.childNodes.length).toBe(text === '' ? 0 : 1);
          }
        },
      ),
    );
  });

  it('changes the text node it has rather than making a new one', () => {
    const cell = document.createElement('span');
    setText(cell, '90,000.50');
    const node = cell.firstChild;
    setText(cell, '90,001.00');
    expect(cell.firstChild).toBe(node);
    expect(cell.textContent).toBe('90,001.00');
  });

  it('replaces what is not a lone text node', () => {
    const cell = document.createElement('span');
    cell.innerHTML = '<b>old</b> rest';
    setText(cell, 'new');
    expect(cell.innerHTML).toBe('new');
  });
});
