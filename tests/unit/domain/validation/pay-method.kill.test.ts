import { describe, expect, it } from 'vitest';
import {
  isCardNo,
  pickPayMethodFields,
  validatePayMethod,
  type PayMethodFields,
} from '../../../../src/domain/validation/pay-method.ts';

const filled: PayMethodFields = {
  real_name: 'Li Lei',
  account: 'li@example.com',
  qrcode: '/uploads/qr.png',
  bank_name: 'Bank',
  card_no: '6222 0202 0000 1234',
  bank_address: 'Main St branch',
};

describe('collection methods (spec §5 Receiving method)', () => {
  it('a bank card number is 8 to 30 digits once spaces are gone, and digits only', () => {
    expect(isCardNo('1234 5678')).toBe(true);
    expect(isCardNo('1'.repeat(30))).toBe(true);
    expect(isCardNo('1234567')).toBe(false);
    expect(isCardNo('1'.repeat(31))).toBe(false);
    expect(isCardNo('x12345678')).toBe(false);
    expect(isCardNo('12345678x')).toBe(false);
    expect(isCardNo('abcdefgh')).toBe(false);
  });

  it('names the first missing field of a bank card, in form order', () => {
    const bank = (fields: Partial<PayMethodFields>) => validatePayMethod('bank', { ...filled, ...fields });
    expect(bank({})).toBeNull();
    expect(bank({ real_name: ' ', bank_name: '' })).toEqual({ field: 'real_name', code: 'emptyRealName' });
    expect(bank({ bank_name: '' })).toEqual({ field: 'bank_name', code: 'emptyBankName' });
    expect(bank({ bank_address: '' })).toEqual({ field: 'bank_address', code: 'emptyBranch' });
    expect(bank({ card_no: '' })).toEqual({ field: 'card_no', code: 'emptyCardNo' });
    expect(bank({ card_no: '12' })).toEqual({ field: 'card_no', code: 'badCardNo' });
  });

  it('names the first missing field of Alipay or WeChat', () => {
    for (const code of ['alipay', 'wxpay'] as const) {
      const check = (fields: Partial<PayMethodFields>) => validatePayMethod(code, { ...filled, ...fields });
      expect(check({ card_no: '' })).toBeNull();
      expect(check({ real_name: '' })).toEqual({ field: 'real_name', code: 'emptyRealName' });
      expect(check({ account: '' })).toEqual({ field: 'account', code: 'emptyPayAccount' });
      expect(check({ qrcode: '' })).toEqual({ field: 'qrcode', code: 'emptyQrcode' });
    }
  });

  it('stores only the fields of the kind, trimmed; the card number without spaces', () => {
    const padded = { ...filled, real_name: '  Li Lei ', bank_name: ' Bank ' };
    expect(pickPayMethodFields('bank', padded)).toEqual({
      real_name: 'Li Lei',
      bank_name: 'Bank',
      bank_address: 'Main St branch',
      card_no: '6222020200001234',
    });
    expect(pickPayMethodFields('alipay', padded)).toEqual({
      real_name: 'Li Lei',
      account: 'li@example.com',
      qrcode: '/uploads/qr.png',
    });
  });
});
