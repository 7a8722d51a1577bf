import { describe, expect, it } from 'vitest';
import {
  quoteSecondsLeft,
  readAmount,
  RECORDS_PAGE_SIZE,
  showsPager,
  totalInBtc,
  visibleRows,
} from '../../../../src/domain/wallet/entry.ts';

const rules = { decimalComma: false };

describe('readAmount bounds (inclusive), with the bound texts as given', () => {
  it('refuses zero, and names each problem exactly', () => {
    expect(readAmount('0', rules)).toEqual({ ok: false, problem: { kind: 'zero' } });
    expect(readAmount('0.000000001', rules)).toEqual({
      ok: false,
      problem: { kind: 'tooManyDecimals', max: 8 },
    });
  });

  it('takes the minimum itself, not less', () => {
    expect(readAmount('10', { ...rules, min: '10' })).toEqual({
      ok: true,
      value: '10',
      units: 1_000_000_000n,
    });
    expect(readAmount('9.99999999', { ...rules, min: '10' })).toEqual({
      ok: false,
      problem: { kind: 'belowMin', min: '10' },
    });
    // A bound is read trimmed; the message repeats it as configured.
    expect(readAmount('9', { ...rules, min: ' 10 ' })).toEqual({
      ok: false,
      problem: { kind: 'belowMin', min: ' 10 ' },
    });
  });

  it('takes the maximum itself, not more; a zero maximum is no maximum', () => {
    expect(readAmount('5', { ...rules, max: '5' })).toMatchObject({ ok: true });
    expect(readAmount('5.00000001', { ...rules, max: '5' })).toEqual({
      ok: false,
      problem: { kind: 'aboveMax', max: '5' },
    });
    expect(readAmount('5', { ...rules, max: '0' })).toMatchObject({ ok: true });
  });

  it('takes the whole balance, not more', () => {
    expect(readAmount('2', { ...rules, balance: '2' })).toMatchObject({ ok: true });
    expect(readAmount('2.1', { ...rules, balance: '2' })).toEqual({
      ok: false,
      problem: { kind: 'aboveBalance', balance: '2' },
    });
  });
});

describe('records pager', () => {
  it('shows only with more than a page of rows', () => {
    expect(showsPager(RECORDS_PAGE_SIZE)).toBe(false);
    expect(showsPager(RECORDS_PAGE_SIZE + 1)).toBe(true);
  });
});

describe('visibleRows: search by code, hide balances under 1 USD unless something is locked', () => {
  const row = (currency_code: string, convert_usd: string, lock_balance = '0') => ({
    currency_code,
    balance: '1',
    lock_balance,
    convert_usd,
  });
  const rows = [
    row('BTC', '100'),
    row('ETH', '0.5'),
    row('USDT', '1'),
    row('DOGE', '0.1', '3'),
    row('LTC', ' 5 '),
  ];
  const codes = (list: readonly { currency_code: string }[]) => list.map((r) => r.currency_code);

  it('searches codes trimmed and in any case', () => {
    expect(codes(visibleRows(rows, { search: ' et ', hideSmall: false }))).toEqual(['ETH']);
    expect(codes(visibleRows([row('eth', '1')], { search: 'ETH', hideSmall: false }))).toEqual(['eth']);
    expect(codes(visibleRows(rows, { search: '', hideSmall: false }))).toEqual([
      'BTC',
      'ETH',
      'USDT',
      'DOGE',
      'LTC',
    ]);
    expect(codes(visibleRows(rows, { search: 'XRP', hideSmall: false }))).toEqual([]);
  });

  it('hides small balances only when asked, keeping exactly 1 USD and locked ones', () => {
    expect(codes(visibleRows(rows, { search: '', hideSmall: true }))).toEqual(['BTC', 'USDT', 'DOGE', 'LTC']);
    expect(codes(visibleRows([row('X', '0.99999999', ' 0.1 ')], { search: '', hideSmall: true }))).toEqual([
      'X',
    ]);
    expect(codes(visibleRows([row('X', '0.99999999')], { search: '', hideSmall: true }))).toEqual([]);
  });
});

describe('totalInBtc', () => {
  it('divides the USD total by the BTC price, to 8 places, reading both trimmed', () => {
    expect(totalInBtc('50000', '100000')).toBe('0.50000000');
    expect(totalInBtc(' 50000 ', ' 100000 ')).toBe('0.50000000');
    expect(totalInBtc('250000', '100000')).toBe('2.50000000');
  });

  it('is zero without a usable total or price', () => {
    expect(totalInBtc('x', '100000')).toBe('0.00000000');
    expect(totalInBtc('50000', 'x')).toBe('0.00000000');
    expect(totalInBtc('50000', '0')).toBe('0.00000000');
  });
});

describe('quoteSecondsLeft', () => {
  it('is 0 once expired or with a stopped clock', () => {
    expect(quoteSecondsLeft(1000, 1000, 1)).toBe(0);
    expect(quoteSecondsLeft(1000, 2000, 1)).toBe(0);
    expect(quoteSecondsLeft(11_000, 1000, 0)).toBe(0);
    expect(quoteSecondsLeft(11_000, 1000, -1)).toBe(0);
  });

  it('counts whole wall seconds up at the clock speed', () => {
    expect(quoteSecondsLeft(11_000, 1000, 1)).toBe(10);
    expect(quoteSecondsLeft(11_000, 1000, 60)).toBe(1);
    expect(quoteSecondsLeft(1500, 1000, 1)).toBe(1);
  });
});
