import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accountOfTypeId,
  CONVERTIBLE_CODES,
  isTransferAllowed,
  isWalletAccount,
  transferPartnerOf,
  typeIdOf,
  WALLET_ACCOUNTS,
  type WalletAccount,
} from '../../../../src/domain/wallet/accounts.ts';
import {
  convertProceeds,
  CREDIT_CONFIRMATIONS,
  depositStage,
  UNIT,
  unitsOf,
  withdrawFee,
  WITHDRAWABLE_CONFIRMATIONS,
} from '../../../../src/domain/wallet/amounts.ts';
import { scaledToText } from '../../../../src/domain/money.ts';

describe('unitsOf reads a plain non-negative decimal as ledger units (1e-8)', () => {
  it('reads whole coins, fractions and the smallest unit', () => {
    expect(UNIT).toBe(100_000_000n);
    expect(unitsOf('1')).toBe(100_000_000n);
    expect(unitsOf('12')).toBe(1_200_000_000n);
    expect(unitsOf('0')).toBe(0n);
    expect(unitsOf('1.5')).toBe(150_000_000n);
    expect(unitsOf('1.25')).toBe(125_000_000n);
    expect(unitsOf('0.00000001')).toBe(1n);
    // Trailing zeros past the 8th place are not finer than 1e-8.
    expect(unitsOf('2.5000000000')).toBe(250_000_000n);
  });

  it('refuses text that is not a plain non-negative decimal', () => {
    for (const text of [
      '',
      '-1',
      '+1',
      '1.',
      '.5',
      '1e3',
      ' 1',
      '1 ',
      'x1',
      '1x',
      '1.5x',
      '1.x',
      '1,5',
      '1.2.3',
      'a.b',
    ]) {
      expect(unitsOf(text), text).toBeNull();
    }
  });

  it('refuses amounts finer than 1e-8', () => {
    expect(unitsOf('0.000000001')).toBeNull();
    expect(unitsOf('1.123456789')).toBeNull();
  });

  it('round-trips every ledger amount, and refuses it with a further non-zero digit', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.integer({ min: 1, max: 9 }), (units, digit) => {
        const text = scaledToText(units, 8);
        expect(unitsOf(text)).toBe(units);
        expect(unitsOf(`${text}${digit}`)).toBeNull();
      }),
    );
  });
});

describe('withdrawFee: rate percent of the amount, rounded up to 1e-8; receive is the rest', () => {
  it('takes an exact percentage when it falls on a ledger unit', () => {
    expect(withdrawFee(100n * UNIT, '0.5')).toEqual({ fee: UNIT / 2n, receive: 100n * UNIT - UNIT / 2n });
    expect(withdrawFee(1000n, '1')).toEqual({ fee: 10n, receive: 990n });
    expect(withdrawFee(UNIT, '100')).toEqual({ fee: UNIT, receive: 0n });
  });

  it('rounds a fractional fee up, in the exchange’s favour', () => {
    // 0.5 % of 1e-8 is 0.005e-8: one unit.
    expect(withdrawFee(1n, '0.5')).toEqual({ fee: 1n, receive: 0n });
    // 1 % of 1001 units is 10.01 units: 11.
    expect(withdrawFee(1001n, '1')).toEqual({ fee: 11n, receive: 990n });
  });

  it('is the smallest fee covering the rate, for any amount and rate', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 18n }),
        fc.integer({ min: 1, max: 10_000 }),
        (amount, hundredths) => {
          const rateText = (hundredths / 100).toFixed(2);
          const rate = BigInt(hundredths) * 10n ** 6n; // percent, scaled by 1e8
          const { fee, receive } = withdrawFee(amount, rateText);
          const scale = 100n * UNIT;
          expect(fee * scale >= amount * rate).toBe(true);
          expect((fee - 1n) * scale < amount * rate).toBe(true);
          expect(receive).toBe(amount - fee);
        },
      ),
    );
  });

  it('charges nothing without a usable rate, and never pays out a non-positive amount', () => {
    expect(withdrawFee(500n, '0')).toEqual({ fee: 0n, receive: 500n });
    expect(withdrawFee(500n, '')).toEqual({ fee: 0n, receive: 500n });
    expect(withdrawFee(500n, 'abc')).toEqual({ fee: 0n, receive: 500n });
    expect(withdrawFee(500n, '-1')).toEqual({ fee: 0n, receive: 500n });
    expect(withdrawFee(0n, '1')).toEqual({ fee: 0n, receive: 0n });
    expect(withdrawFee(-500n, '1')).toEqual({ fee: 0n, receive: 0n });
    expect(withdrawFee(-500n, '0')).toEqual({ fee: 0n, receive: 0n });
  });
});

describe('convertProceeds: number x price, rounded down to 1e-8', () => {
  it('multiplies by the price in ticks', () => {
    // 1.5 BTC at 60000.00 USDT is 90000 USDT.
    expect(convertProceeds(150_000_000n, 6_000_000n, 2)).toBe(90_000n * UNIT);
    expect(convertProceeds(UNIT, 25n, 1)).toBe(250_000_000n);
  });

  it('rounds down', () => {
    expect(convertProceeds(1n, 15n, 1)).toBe(1n);
    expect(convertProceeds(3n, 33n, 2)).toBe(0n);
  });

  it('agrees with the exact product, rounded down, for any inputs', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 16n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.integer({ min: 0, max: 10 }),
        (number, ticks, decimals) => {
          const proceeds = convertProceeds(number, ticks, decimals);
          const scale = 10n ** BigInt(decimals);
          expect(proceeds * scale <= number * ticks).toBe(true);
          expect((proceeds + 1n) * scale > number * ticks).toBe(true);
        },
      ),
    );
  });

  it('gives nothing for a non-positive number or price', () => {
    expect(convertProceeds(0n, 100n, 0)).toBe(0n);
    expect(convertProceeds(-UNIT, 100n, 0)).toBe(0n);
    expect(convertProceeds(UNIT, 0n, 0)).toBe(0n);
    expect(convertProceeds(UNIT, -100n, 0)).toBe(0n);
    expect(convertProceeds(-UNIT, -100n, 0)).toBe(0n);
  });
});

describe('depositStage: credited after 1 confirmation, withdrawable after 6 (spec §9)', () => {
  it('moves through the stages at the documented confirmations', () => {
    expect(CREDIT_CONFIRMATIONS).toBe(1);
    expect(WITHDRAWABLE_CONFIRMATIONS).toBe(6);
    expect(depositStage(0, false)).toBe('pending');
    expect(depositStage(1, false)).toBe('credited');
    expect(depositStage(2, false)).toBe('credited');
    expect(depositStage(5, false)).toBe('credited');
    expect(depositStage(6, false)).toBe('withdrawable');
    expect(depositStage(7, false)).toBe('withdrawable');
  });

  it('never credits a deposit below the minimum, however confirmed', () => {
    for (const confirmations of [0, 1, 6, 100]) expect(depositStage(confirmations, true)).toBe('notCredited');
  });
});

describe('wallet accounts and their contract type ids', () => {
  const ids: Record<WalletAccount, number> = { change: 1, legal: 2, lever: 3, micro: 4, financial: 5 };

  it('maps each account to its type id and back', () => {
    for (const account of WALLET_ACCOUNTS) {
      expect(typeIdOf(account)).toBe(ids[account]);
      expect(accountOfTypeId(ids[account])).toBe(account);
    }
    expect(accountOfTypeId(0)).toBeUndefined();
    expect(accountOfTypeId(6)).toBeUndefined();
  });

  it('recognises only the five account codes', () => {
    for (const account of WALLET_ACCOUNTS) expect(isWalletAccount(account)).toBe(true);
    for (const value of ['trade', 'Change', '', 'change_account', 1, null, undefined, {}]) {
      expect(isWalletAccount(value)).toBe(false);
    }
  });

  it('allows a transfer only between the trade account and another account (spec §5)', () => {
    for (const from of WALLET_ACCOUNTS) {
      for (const to of WALLET_ACCOUNTS) {
        const expected = from !== to && (from === 'change' || to === 'change');
        expect(isTransferAllowed(from, to), `${from} -> ${to}`).toBe(expected);
      }
    }
    expect(isTransferAllowed('change', 'micro')).toBe(true);
    expect(isTransferAllowed('micro', 'change')).toBe(true);
    expect(isTransferAllowed('change', 'change')).toBe(false);
    expect(isTransferAllowed('micro', 'micro')).toBe(false);
    expect(isTransferAllowed('micro', 'lever')).toBe(false);
  });

  it('partners the trade account with the other side, and every other account with trade', () => {
    expect(transferPartnerOf('change', 'micro')).toBe('micro');
    expect(transferPartnerOf('change', 'legal')).toBe('legal');
    expect(transferPartnerOf('lever', 'micro')).toBe('change');
    expect(transferPartnerOf('financial', 'financial')).toBe('change');
  });

  it('converts only BTC and ETH', () => {
    expect([...CONVERTIBLE_CODES]).toEqual(['BTC', 'ETH']);
  });
});
