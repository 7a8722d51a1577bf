import { PAY_METHOD_FIELDS, type PayMethodCode, type PayMethodFields } from './validation/pay-method.ts';

/**
 * What pay_method/get_method_by_type answers when nothing is saved for a type: the type's fields,
 * each empty, never null (the family's clients read `data.raw_data.*` and throw on null).
 */
export function unsavedPayMethodRaw(code: PayMethodCode): Partial<PayMethodFields> {
  return Object.fromEntries(PAY_METHOD_FIELDS[code].map((field) => [field, '']));
}

/** Whether an answer's raw_data holds a saved method: some field is filled in. */
export function isSavedPayMethod(raw: Partial<PayMethodFields> | null | undefined): boolean {
  return raw !== null && raw !== undefined && Object.values(raw).some((value) => value !== '');
}
