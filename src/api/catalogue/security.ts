import { z } from 'zod';
import { empty, text } from '../fields.ts';
import { call, ok, type CallSpec } from './kit.ts';

/**
 * Account protection beyond the password (issue 34), a Tessera addition under `security/`: the
 * anti-phishing code printed in every message the exchange sends, the signed-in sessions (each can
 * be ended), the withdrawal allow-list and two-factor sign-in (TOTP, RFC 6238).
 */
export const securityCalls = {
  'security/overview': call({
    method: 'GET',
    path: 'security/overview',
    auth: true,
    summary:
      "The user's protections: anti_phishing is the code masked (its first two and last characters, " +
      "'' when none is set)",
    payload: empty,
    answer: z.object({ anti_phishing: text }),
  }),
  'security/anti_phishing': call({
    method: 'POST',
    path: 'security/anti_phishing',
    auth: true,
    toast: true,
    summary:
      'Set the anti-phishing code: 4 to 20 letters (any script), digits or underscores, exactly as ' +
      'typed. Every e-mail and SMS (and demo-outbox message) sent to the user carries it from then on',
    payload: z.object({ phrase: text }),
    answer: ok,
  }),
} satisfies Record<string, CallSpec>;
