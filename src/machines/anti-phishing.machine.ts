import { validateAntiPhishing } from '../domain/security/anti-phishing.ts';
import { createForm } from './form.machine.ts';

export type AntiPhishingValues = { phrase: string };

export const EMPTY_ANTI_PHISHING: AntiPhishingValues = { phrase: '' };

/**
 * The anti-phishing code (issue 34): one phrase, sent exactly as typed (the rule refuses rather than
 * trims), empty again after it is set so the code is not left on screen.
 */
export const antiPhishingForm = createForm<AntiPhishingValues, 'phrase', 'security/anti_phishing'>({
  id: 'antiPhishing',
  call: 'security/anti_phishing',
  validate: (values) => validateAntiPhishing(values),
  payload: (values) => ({ phrase: values.phrase }),
  resetOnSuccess: true,
});
