import type { PayMethodCode } from '../../../domain/validation/pay-method.ts';

/** The collection method types served by pay_method/types (spec §3: id, name, code). */
export const PAY_METHOD_TYPES: ReadonlyArray<{ id: number; name: string; code: PayMethodCode }> = [
  { id: 1, name: 'Alipay', code: 'alipay' },
  { id: 2, name: 'WeChat Pay', code: 'wxpay' },
  { id: 3, name: 'Bank card', code: 'bank' },
];

export function payMethodType(id: number) {
  return PAY_METHOD_TYPES.find((type) => type.id === id);
}
