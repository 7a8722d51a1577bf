import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  changeDirection,
  compareDecimal,
  ellipsis,
  formatAmount,
  formatChangePercent,
  formatCompact,
  formatNewsDate,
  formatPrice,
  groupThousands,
  NO_VALUE,
  parseDecimal,
  truncateDecimal,
} from '../../../src/domain/format.ts';

/** A decimal string as a server sends it: optional sign, digits, optional fraction. */
const decimalString = fc
  .tuple(
    fc.boolean(),
    fc.stringMatching(/^\d{1,12}$/),
    fc.option(fc.stringMatching(/^\d{1,12}$/), { nil: undefined }),
  )
  .map(([negative, int, frac]) => `${negative ? '-' : ''}${int}${frac === undefined ? '' : `.${frac}`}`);

const SCALE = 30;

/** Reference: a decimal string as a BigInt scaled by 10^SCALE. */
function scaled(text: string): bigint {
  const negative = text.startsWith('-');
  const [int = '0', frac = ''] = text.replace(/^[-+]/, '').split('.');
  const value =
    BigInt(int || '0') * 10n ** BigInt(SCALE) + BigInt((frac.padEnd(SCALE, '0') || '0').slice(0, SCALE));
  return negative ? -value : value;
}

function abs(value: bigint): bigint {
  return value < 0n ? -value : value;
}

describe('parseDecimal', () => {
  it('reads decimal strings and finite numbers, including exponent notation', () => {
    expect(parseDecimal('0012.3400')).toEqual({ negative: false, int: '12', frac: '34' });
    expect(parseDecimal('-0.000')).toEqual({ negative: false, int: '0', frac: '' });
    expect(parseDecimal(1e-7)).toEqual({ negative: false, int: '0', frac: '0000001' });
    expect(parseDecimal(-1.5e21)).toEqual({ negative: true, int: '1500000000000000000000', frac: '' });
    expect(parseDecimal('.5')).toEqual({ negative: false, int: '0', frac: '5' });
  });

  it('refuses what is not a number', () => {
    for (const bad of ['', 'abc', '1.2.3', '--1', '1,000', NaN, Infinity, null, undefined]) {
      expect(parseDecimal(bad)).toBeNull();
    }
  });

  it('reads every finite double the way JavaScript prints it', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        const parts = parseDecimal(value);
        expect(parts).not.toBeNull();
        const text = `${parts?.negative ? '-' : ''}${parts?.int}.${parts?.frac || '0'}`;
        expect(Number(text)).toBe(value === 0 ? 0 : value);
      }),
    );
  });
});

describe('truncateDecimal / formatAmount (spec §9 amount filter)', () => {
  it('cuts towards zero and pads to the number of decimals', () => {
    expect(formatAmount('1.239')).toBe('1.23');
    expect(formatAmount('-1.239')).toBe('-1.23');
    expect(formatAmount('1')).toBe('1.00');
    expect(formatAmount('0.999999')).toBe('0.99');
    expect(formatAmount('-0.001')).toBe('0.00');
    expect(formatAmount(12.5)).toBe('12.50');
    expect(formatAmount('123.456789', 4)).toBe('123.4567');
    expect(truncateDecimal('9.99', 0)).toBe('9');
    expect(formatAmount('x')).toBe(NO_VALUE);
    expect(formatAmount(null)).toBe(NO_VALUE);
  });

  it('never rounds up: the result is within one unit of the last place, towards zero', () => {
    fc.assert(
      fc.property(decimalString, fc.integer({ min: 0, max: 10 }), (value, decimals) => {
        const result = truncateDecimal(value, decimals);
        const [, frac = ''] = result.replace('-', '').split('.');
        expect(frac.length).toBe(decimals);
        const exact = scaled(value);
        const cut = scaled(result);
        expect(abs(cut) <= abs(exact)).toBe(true);
        expect(abs(exact) - abs(cut) < 10n ** BigInt(SCALE - decimals)).toBe(true);
        // Same sign as the value, unless it cut to zero.
        if (cut !== 0n) expect(cut < 0n).toBe(exact < 0n);
        else expect(result.startsWith('-')).toBe(false);
      }),
    );
  });

  it('is symmetric: -x shows as the mirror image of x', () => {
    fc.assert(
      fc.property(decimalString, (value) => {
        const positive = value.replace(/^-/, '');
        const a = formatAmount(positive);
        const b = formatAmount(`-${positive}`);
        expect(b === a || b === `-${a}`).toBe(true);
      }),
    );
  });

  it('defaults to 2 decimals', () => {
    fc.assert(
      fc.property(decimalString, (value) => {
        expect(formatAmount(value)).toBe(truncateDecimal(value, 2));
      }),
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(decimalString, fc.integer({ min: 0, max: 8 }), (value, decimals) => {
        const once = truncateDecimal(value, decimals);
        expect(truncateDecimal(once, decimals)).toBe(once);
      }),
    );
  });
});

describe('compareDecimal', () => {
  it('agrees with exact integer arithmetic', () => {
    fc.assert(
      fc.property(decimalString, decimalString, (a, b) => {
        const x = scaled(a);
        const y = scaled(b);
        expect(compareDecimal(a, b)).toBe(x < y ? -1 : x > y ? 1 : 0);
        expect(compareDecimal(b, a)).toBe(-compareDecimal(a, b) || 0);
      }),
    );
  });

  it('agrees with exact integer arithmetic on prices as servers spell them, zeros padded or not', () => {
    // Unsigned plain decimals take compareDecimal's digit-by-digit way; "5." and ".5" its parsed one.
    const spelled = fc
      .tuple(
        fc.stringMatching(/^0{0,3}$/),
        fc.stringMatching(/^\d{0,6}$/),
        fc.option(fc.stringMatching(/^\d{0,6}$/), { nil: undefined }),
      )
      .map(([zeros, int, frac]) => `${zeros}${int}${frac === undefined ? '' : `.${frac}`}`)
      .filter((text) => /\d/.test(text));
    fc.assert(
      fc.property(spelled, spelled, (a, b) => {
        const x = scaled(a);
        const y = scaled(b);
        expect(compareDecimal(a, b)).toBe(x < y ? -1 : x > y ? 1 : 0);
        expect(compareDecimal(a, Number(b))).toBe(
          x < scaled(String(Number(b))) ? -1 : x > scaled(String(Number(b))) ? 1 : 0,
        );
      }),
      { numRuns: 500 },
    );
  });

  it('treats equal spellings as equal and puts non-numbers first', () => {
    expect(compareDecimal('1.50', '1.5')).toBe(0);
    expect(compareDecimal('-0', '0.000')).toBe(0);
    expect(compareDecimal('007', 7)).toBe(0);
    expect(compareDecimal('abc', '-999')).toBe(-1);
    expect(compareDecimal('-999', null)).toBe(1);
    expect(compareDecimal(undefined, 'x')).toBe(0);
    expect(compareDecimal('0.000', '00')).toBe(0);
    expect(compareDecimal('1.2.3', '1')).toBe(-1);
    expect(compareDecimal('10', '9.99')).toBe(1);
    expect(compareDecimal('0099.5', '99.50')).toBe(0);
    expect(compareDecimal('12a', '1')).toBe(-1);
  });
});

describe('ellipsis (spec §9 ellipsis filter)', () => {
  it('leaves strings of up to 9 characters alone', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 9, unit: 'grapheme-ascii' }), (text) => {
        expect(ellipsis(text)).toBe(text);
      }),
    );
  });

  it('drops the last 4 characters of longer strings', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 10, maxLength: 30, unit: 'binary' }), (text) => {
        const chars = Array.from(text);
        fc.pre(chars.length > 9);
        expect(ellipsis(text)).toBe(`${chars.slice(0, chars.length - 4).join('')}…`);
      }),
    );
    expect(ellipsis('0x1234567890')).toBe('0x123456…');
    expect(ellipsis('123456789')).toBe('123456789');
  });
});

describe('groupThousands and formatPrice', () => {
  it('only inserts separators every three integer digits', () => {
    fc.assert(
      fc.property(decimalString, (value) => {
        const grouped = groupThousands(value);
        expect(grouped.replace(/,/g, '')).toBe(value);
        const int = grouped.replace('-', '').split('.')[0] ?? '';
        const groups = int.split(',');
        expect(groups.slice(1).every((group) => group.length === 3)).toBe(true);
        expect((groups[0] ?? '').length).toBeGreaterThan(0);
        expect((groups[0] ?? '').length).toBeLessThanOrEqual(3);
      }),
    );
  });

  it('formats prices with the pair decimals (4 by default), rounded down', () => {
    expect(formatPrice('67012.345678')).toBe('67,012.3456');
    expect(formatPrice('67012.345678', 2)).toBe('67,012.34');
    expect(formatPrice('0.0000123', 8)).toBe('0.00001230');
    expect(formatPrice('')).toBe(NO_VALUE);
  });
});

describe('changes', () => {
  it('formats a percent change with an explicit sign', () => {
    expect(formatChangePercent('2.5')).toBe('+2.50%');
    expect(formatChangePercent('-1.239')).toBe('-1.23%');
    expect(formatChangePercent('0')).toBe('0.00%');
    expect(formatChangePercent('0.004')).toBe('0.00%');
    expect(formatChangePercent('-0.004')).toBe('0.00%');
    expect(formatChangePercent('nope')).toBe(NO_VALUE);
  });

  it('a change shown with a plus is up, with a minus is down', () => {
    fc.assert(
      fc.property(decimalString, (value) => {
        const text = formatChangePercent(value);
        const direction = changeDirection(value);
        if (text.startsWith('+')) expect(direction).toBe('up');
        if (text.startsWith('-')) expect(direction).toBe('down');
        expect(direction).toBe(
          compareDecimal(value, 0) > 0 ? 'up' : compareDecimal(value, 0) < 0 ? 'down' : 'flat',
        );
      }),
    );
    expect(changeDirection(undefined)).toBe('flat');
  });
});

describe('formatCompact', () => {
  it('shortens large quantities, rounding down', () => {
    expect(formatCompact('999.999')).toBe('999.99');
    expect(formatCompact('1000')).toBe('1.00K');
    expect(formatCompact('1234567.89')).toBe('1.23M');
    expect(formatCompact('9999999999')).toBe('9.99B');
    expect(formatCompact('12345678901234')).toBe('12.34T');
    expect(formatCompact('-1500')).toBe('-1.50K');
    expect(formatCompact('')).toBe(NO_VALUE);
  });

  it('never shows more than the value', () => {
    const SUFFIX: Record<string, bigint> = { K: 10n ** 3n, M: 10n ** 6n, B: 10n ** 9n, T: 10n ** 12n };
    fc.assert(
      fc.property(decimalString, (value) => {
        const text = formatCompact(value);
        const suffix = text.at(-1) ?? '';
        const factor = SUFFIX[suffix] ?? 1n;
        const shown = scaled(text.replace(/[KMBT]$/, '').replace(/,/g, '')) * factor;
        expect(abs(shown) <= abs(scaled(value))).toBe(true);
      }),
    );
  });
});

describe('formatNewsDate', () => {
  it('keeps the date of server timestamps', () => {
    expect(formatNewsDate('2026-03-02 09:00:00')).toBe('2026-03-02');
    expect(formatNewsDate('2026-03-02')).toBe('2026-03-02');
    expect(formatNewsDate(1_772_442_000)).toBe('2026-03-02');
    expect(formatNewsDate(1_772_442_000_000)).toBe('2026-03-02');
    expect(formatNewsDate('yesterday')).toBe('yesterday');
    expect(formatNewsDate('')).toBe(NO_VALUE);
  });
});
