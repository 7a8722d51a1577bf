import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { errorEnvelope, type Envelope } from '../../api/envelope.ts';
import type { CodeCourier } from '../features/accounts/outbox.ts';
import type { JsonLog } from './json-log.ts';

/**
 * What changes when the simulator is a server many people share instead of one person's machine
 *:
 * - the demo outbox is not served: anyone could read codes meant for someone else's address;
 *   verification codes go to the operator's log instead, each with the address it was issued for;
 * - the simulator's control calls (every `sim/*`: speed, time skips, the bench storm, demo deposits,
 *   feed choice) need the operator token in the `x-operator-token` header. Without it they answer
 *   "Unknown call", as if they did not exist.
 */
export const OPERATOR_HEADER = 'x-operator-token';
const NOT_SERVED: ReadonlySet<string> = new Set(['notify/outbox']);

type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** A fresh operator token (when none is configured): 32 hex characters. */
export function newOperatorToken(): string {
  return randomBytes(16).toString('hex');
}

function sameSecret(given: string, expected: string): boolean {
  // Hashing first gives equal lengths, so the comparison takes the same time whatever was sent.
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** The server-mode gate of createHttpServer: refuses what server mode does not serve. */
export function serverModeGate(
  operatorToken: string,
): (path: string, request: IncomingMessage, t: Translate) => Envelope | null {
  return (path, request, t) => {
    if (NOT_SERVED.has(path)) return errorEnvelope(t('notAvailable'));
    if (path.startsWith('sim/')) {
      const given = request.headers[OPERATOR_HEADER];
      if (typeof given !== 'string' || !sameSecret(given, operatorToken)) {
        return errorEnvelope(t('unknownCall'));
      }
    }
    return null;
  };
}

/**
 * Delivers verification codes to the operator's log (no mail server configured): one
 * `verification_code` line with the channel, the address the code was issued for, its purpose and
 * the code. A "no account" notice (forgot password for an unknown address) is logged without a code.
 */
export function logCourier(log: JsonLog): CodeCourier {
  return {
    deliver(_key, message) {
      log.info('verification_code', {
        channel: message.channel,
        to: message.to,
        purpose: message.purpose,
        kind: message.kind,
        code: message.kind === 'code' ? message.code : null,
      });
    },
  };
}
