import { validateTradePassword, type TradePasswordField } from '../domain/validation/trade-password.ts';
import { clean } from '../domain/validation/text.ts';
import { createForm } from './form.machine.ts';
import { CODE_PURPOSE_PAY_PASSWORD } from '../domain/contract-codes.ts';

export type TradePasswordValues = {
  password: string;
  password2: string;
  code: string;
  /** Where the code goes: the bound e-mail or the bound phone. */
  via: 'email' | 'sms';
  email: string;
  mobile: string;
  areaId: number | null;
  /** The code from the app, with two-factor sign-in on ('' otherwise: not sent). */
  totpCode: string;
};

/**
 * Set the trade password (spec §5): password twice and a code (type 3) sent to the user's own bound
 * e-mail or phone, which proves the request comes from whoever holds the account.
 */
export const tradePasswordForm = createForm<
  TradePasswordValues,
  TradePasswordField | 'via',
  'user/amend_pay_password'
>({
  id: 'tradePassword',
  call: 'user/amend_pay_password',
  validate: (values) => validateTradePassword(values),
  codeFor: (values) => {
    if (values.via === 'email') {
      return values.email
        ? { channel: 'email', to: values.email, type: CODE_PURPOSE_PAY_PASSWORD }
        : { field: 'via', code: 'emptyEmail' };
    }
    return values.mobile && values.areaId !== null
      ? { channel: 'sms', to: values.mobile, type: CODE_PURPOSE_PAY_PASSWORD, areaId: values.areaId }
      : { field: 'via', code: 'emptyPhone' };
  },
  codeResetBy: ['via'],
  payload: (values) => ({
    password: values.password,
    auth_code: clean(values.code),
    ...(values.totpCode === '' ? {} : { totp_code: values.totpCode }),
  }),
});
