import { Secret, TOTP } from 'otpauth';
import { TOTP_DIGITS, TOTP_PERIOD_S, TOTP_WINDOW, totpStep } from '../../../domain/security/two-factor.ts';

/**
 * RFC 6238 by the `otpauth` library: SHA-1, 6 digits, 30 s, as every authenticator app reads an
 * otpauth:// link without asking. The window and the replay rule are domain/security/two-factor.ts's.
 */
const ISSUER = 'Tessera';

/** A new seed: 20 random bytes (RFC 4226's recommended 160 bits), as base32 for the apps. */
export function seedFromBytes(bytes: Uint8Array): string {
  return new Secret({ buffer: Uint8Array.from(bytes).buffer }).base32;
}

/** The otpauth:// link the QR code carries; `account` names the login in the app's list. */
export function totpLink(seed: string, account: string): string {
  return new TOTP({
    issuer: ISSUER,
    label: account,
    secret: Secret.fromBase32(seed),
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
  }).toString();
}

/** The time step of `code` within the window around `wallMs`, or null when it is no code of the seed. */
export function totpCodeStep(seed: string, code: string, wallMs: number): number | null {
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(seed),
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
    timestamp: wallMs,
    window: TOTP_WINDOW,
  });
  return delta === null ? null : totpStep(wallMs) + delta;
}
