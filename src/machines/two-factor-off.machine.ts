import { validateTwoFactorCode } from '../domain/security/two-factor.ts';
import { createForm } from './form.machine.ts';

export type TwoFactorOffValues = { totpCode: string };

export const TWO_FACTOR_OFF_START: TwoFactorOffValues = { totpCode: '' };

/**
 * Turning two-factor sign-in off (security/two_factor_disable): only with a code from the app or a
 * recovery code, checked here for its form and by the server for its value.
 */
export const twoFactorOffForm = createForm<TwoFactorOffValues, 'totpCode', 'security/two_factor_disable'>({
  id: 'twoFactorOff',
  call: 'security/two_factor_disable',
  validate: (values) => validateTwoFactorCode(values),
  payload: (values) => ({ totp_code: values.totpCode }),
  resetOnSuccess: true,
});
