import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvField, guardFormula, toCsv } from '../../../../src/domain/history-export/csv.ts';

/** A reader of RFC 4180, written from the RFC for this test: records by CRLF, quoted fields, "" for ". */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  return rows;
}

const cell = fc.oneof(
  fc.string(),
  fc.constantFrom(
    'a,b',
    'say "hi"',
    'line\r\nbreak',
    'lf\nonly',
    '=1+2',
    '+1',
    '-cmd',
    '@SUM(A1)',
    '\tx',
    '-12.5',
    '0.00000001',
  ),
);
const decimal = fc
  .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.integer({ min: 0, max: 8 }))
  .map(([negative, units, places]) => {
    const digits = units.toString().padStart(places + 1, '0');
    const text = places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
    return negative ? `-${text}` : text;
  });

describe('CSV by RFC 4180', () => {
  it('reads back every field as written (after the formula guard), whatever it holds', () => {
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { maxLength: 6 }), (rows) => {
        const header = ['A', 'B, "quoted"'];
        const text = toCsv(header, rows);
        expect(text.endsWith('\r\n')).toBe(true);
        expect(readCsv(text)).toEqual([header, ...rows].map((row) => row.map(guardFormula)));
      }),
    );
  });

  it('quotes a field only when it holds a comma, a quote, a CR or an LF', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const field = csvField(value);
        expect(field.startsWith('"')).toBe(/[",\r\n]/.test(guardFormula(value)));
      }),
    );
  });

  it('keeps the ledger’s decimal strings exactly, signs and all (a number is no formula)', () => {
    fc.assert(
      fc.property(decimal, (value) => {
        expect(csvField(value)).toBe(value);
      }),
    );
  });

  it('makes a cell that starts with = + - @ (or a tab or CR) text, not a formula', () => {
    fc.assert(
      fc.property(fc.constantFrom('=', '+', '-', '@', '\t', '\r'), fc.string(), (start, rest) => {
        const value = start + rest;
        fc.pre(!/^-?\d+(\.\d+)?$/.test(value));
        expect(guardFormula(value)).toBe(`'${value}`);
        const read = readCsv(toCsv([value], []))[0]![0]!;
        expect(read.startsWith("'")).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.string(), (value) => {
        fc.pre(!/^[=+\-@\t\r]/.test(value));
        expect(guardFormula(value)).toBe(value);
      }),
    );
  });
});
