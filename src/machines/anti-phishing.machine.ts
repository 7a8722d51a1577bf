import { validateAntiPhishing } from '../domain/security/anti-phishing.ts';
import { createForm } from './form.machine.ts';

/** totpCode: the code from the app, with two-factor sign-in on ('' otherwise: not sent). */
export type AntiPhishingValues = { phrase: string; totpCode: string };

export const EMPTY_ANTI_PHISHING: AntiPhishingValues = { phrase: '', totpCode: '' };

/**
 * The anti-phishing code (issue 34): one phrase, sent exactly as typed (the rule refuses rather than
 * trims), empty again after it is set so the code is not left on screen.
 */
export const antiPhishingForm = createForm<AntiPhishingValues, 'phrase', 'security/anti_phishing'>({
  id: 'antiPhishing',
  call: 'security/anti_phishing',
  validate: (values) => validateAntiPhishing(values),
  payload: (values) => ({
    phrase: values.phrase,
    ...(values.totpCode === '' ? {} : { totp_code: values.totpCode }),
  }),
  resetOnSuccess: true,
});
