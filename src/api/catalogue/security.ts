import { z } from 'zod';
import { empty, flag, text } from '../fields.ts';
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
      "'' when none is set); allow_list 1 when the withdrawal allow-list is on; allow_list_wait_ms how " +
      'long a newly bound address waits under it (24 h of the simulated clock); two_factor 1 when ' +
      'two-factor sign-in is on, recovery_left its unused recovery codes',
    payload: empty,
    answer: z.object({
      anti_phishing: text,
      /** 1: the withdrawal allow-list is on. */
      allow_list: flag.default(0),
      /** How long a newly bound address waits under the allow-list (ms of simulated time: 24 h). */
      allow_list_wait_ms: z.number().default(86_400_000),
      /** 1: two-factor sign-in is on (sign-in, withdrawals and these security calls need totp_code). */
      two_factor: flag.default(0),
      /** Recovery codes not used yet. */
      recovery_left: z.number().int().min(0).default(0),
    }),
  }),
  'security/anti_phishing': call({
    method: 'POST',
    path: 'security/anti_phishing',
    auth: true,
    toast: true,
    summary:
      'Set the anti-phishing code: 4 to 20 letters (any script), digits or underscores, exactly as ' +
      'typed. Every e-mail and SMS (and demo-outbox message) sent to the user carries it from then on',
    payload: z.object({ phrase: text, totp_code: text.optional() }),
    answer: ok,
  }),
  'security/allow_list': call({
    method: 'POST',
    path: 'security/allow_list',
    auth: true,
    toast: true,
    summary:
      'The withdrawal allow-list on (1) or off (0). Withdrawals always go to bound addresses (address/); ' +
      'with the list on, account/draw refuses an address bound less than 24 h (simulated time) ago, and ' +
      'every newly bound address is announced to the user (an e-mail or SMS, kind address_added). ' +
      'Turning it off needs the trade password (pay_password)',
    payload: z.object({ on: flag, pay_password: text.optional(), totp_code: text.optional() }),
    answer: ok,
  }),
  'security/sessions': call({
    method: 'GET',
    path: 'security/sessions',
    auth: true,
    summary:
      "The user's signed-in sessions, most recently seen first. id: the session's public id (16 hex " +
      'digits; it opens nothing). kind, os and browser are read from the user agent it signed in with ' +
      "('' or unknown when it says nothing recognisable); address is the IP it signed in from ('' in the " +
      "browser's own simulator); started_at and last_seen are epoch ms of the server clock (last_seen: " +
      'its last call or socket check; after a server restart, its start until used again); current is 1 ' +
      'for the session asking',
    payload: empty,
    answer: z.array(
      z.object({
        id: text,
        kind: z.enum(['phone', 'tablet', 'desktop', 'unknown']),
        os: text,
        browser: text,
        address: text,
        started_at: z.number(),
        last_seen: z.number(),
        current: flag,
      }),
    ),
  }),
  'security/end_session': call({
    method: 'POST',
    path: 'security/end_session',
    auth: true,
    toast: true,
    summary:
      "End one of the user's own sessions by its id: its token stops working (999) and its sockets get " +
      '`session_ended` and no more private frames at once. Any id that is not a live session of the ' +
      "user asking (another user's included) is refused alike",
    payload: z.object({ id: text, totp_code: text.optional() }),
    answer: ok,
  }),
  'security/two_factor_start': call({
    method: 'POST',
    path: 'security/two_factor_start',
    auth: true,
    secret: true,
    summary:
      'Begin two-factor sign-in (TOTP, RFC 6238: SHA-1, 6 digits, 30 s, on the wall clock, not the ' +
      'simulated one): answers a new seed (base32) and its otpauth:// link for a QR code. The seed is ' +
      'stored sealed (AES-256-GCM) until security/two_factor_enable confirms it; starting again ' +
      'replaces it. Refused while two-factor sign-in is on',
    payload: empty,
    answer: z.object({ secret: text, uri: text }),
  }),
  'security/two_factor_enable': call({
    method: 'POST',
    path: 'security/two_factor_enable',
    auth: true,
    secret: true,
    toast: true,
    summary:
      'Turn two-factor sign-in on with a code of the started seed (6 digits; the step before and after ' +
      'now are accepted). Answers the 8 recovery codes, once: only their salted hashes are kept. A wrong ' +
      'code counts toward the sign-in attempt limit (5 free, then 1, 2, 4 ... min). From then on ' +
      'user/login, account/draw and the security/ changes need totp_code: a code from the app (each ' +
      'time step once only) or a recovery code (each once)',
    payload: z.object({ code: text }),
    answer: z.object({ recovery_codes: z.array(text) }),
  }),
  'security/two_factor_disable': call({
    method: 'POST',
    path: 'security/two_factor_disable',
    auth: true,
    toast: true,
    summary:
      'Turn two-factor sign-in off: needs totp_code (a code from the app, unused, or a recovery code); a ' +
      'wrong one counts toward the attempt limit',
    payload: z.object({ totp_code: text }),
    answer: ok,
  }),
} satisfies Record<string, CallSpec>;
