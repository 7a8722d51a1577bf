import { firstProblem, type Problem } from './problem.ts';
import { clean } from './text.ts';

/** Collection method kinds (spec §3 pay method type codes). */
export type PayMethodCode = 'alipay' | 'wxpay' | 'bank';

/** The raw_data of a collection method (spec §3); which fields count depends on the kind. */
export interface PayMethodFields {
  real_name: string;
  account: string;
  qrcode: string;
  bank_name: string;
  card_no: string;
  bank_address: string;
}

export type PayMethodField = keyof PayMethodFields;

/** The fields each kind keeps, in form order (spec §5 Receiving method). */
export const PAY_METHOD_FIELDS: Record<PayMethodCode, readonly PayMethodField[]> = {
  alipay: ['real_name', 'account', 'qrcode'],
  wxpay: ['real_name', 'account', 'qrcode'],
  bank: ['real_name', 'bank_name', 'bank_address', 'card_no'],
};

/** Bank card numbers: 8 to 30 digits once the spaces people type between groups are gone. */
export function normalizeCardNo(value: string): string {
  return clean(value).replace(/\s/g, '');
}

export function isCardNo(value: string): boolean {
  return /^\d{8,30}$/.test(normalizeCardNo(value));
}

/**
 * Alipay and WeChat need the real name, the account and an uploaded QR code; a bank card needs the
 * real name, the bank, the branch and the card number.
 */
export function validatePayMethod(
  code: PayMethodCode,
  fields: PayMethodFields,
): Problem<PayMethodField> | null {
  const empty = (field: PayMethodField) => clean(fields[field]) === '';
  if (code === 'bank') {
    return firstProblem<PayMethodField>([
      ['real_name', empty('real_name') ? 'emptyRealName' : null],
      ['bank_name', empty('bank_name') ? 'emptyBankName' : null],
      ['bank_address', empty('bank_address') ? 'emptyBranch' : null],
      ['card_no', empty('card_no') ? 'emptyCardNo' : isCardNo(fields.card_no) ? null : 'badCardNo'],
    ]);
  }
  return firstProblem<PayMethodField>([
    ['real_name', empty('real_name') ? 'emptyRealName' : null],
    ['account', empty('account') ? 'emptyPayAccount' : null],
    ['qrcode', empty('qrcode') ? 'emptyQrcode' : null],
  ]);
}

/** Only the fields of the kind, cleaned: what is stored and sent. */
export function pickPayMethodFields(code: PayMethodCode, fields: PayMethodFields): Partial<PayMethodFields> {
  const picked: Partial<PayMethodFields> = {};
  for (const field of PAY_METHOD_FIELDS[code]) {
    picked[field] = field === 'card_no' ? normalizeCardNo(fields[field]) : clean(fields[field]);
  }
  return picked;
}
