import { ApiError } from '../api/client.ts';
import { FLAG_ON } from '../domain/contract-codes.ts';

/**
 * Whether a refusal asks for the second factor: the server answers a right password (or a
 * withdrawal, a security change) of a user with two-factor sign-in on, sent without a code, with
 * code 0 and data `{ two_factor: 1 }` (catalogue: user/login).
 */
export function asksForSecondFactor(error: unknown): boolean {
  if (!(error instanceof ApiError) || typeof error.data !== 'object' || error.data === null) return false;
  return (error.data as { two_factor?: unknown }).two_factor === FLAG_ON;
}
