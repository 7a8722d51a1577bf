import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The origins allowed by default: the app's dev server and its preview, on loopback. */
export const DEFAULT_ORIGINS: readonly string[] = [
  'http://127.0.0.1:5173',
  'http://localhost:5173',
  'http://127.0.0.1:4173',
  'http://localhost:4173',
];

const LOOPBACK: ReadonlySet<string> = new Set(['127.0.0.1', '::1']);

/**
 * The origins of the pages this server sends itself (`--app`): its public address's, and, listening
 * on loopback, each way of writing loopback with its port (a browser may be pointed at any).
 */
export function ownOrigins(publicUrl: string, address: AddressInfo): string[] {
  const origins = [new URL(publicUrl).origin];
  if (LOOPBACK.has(address.address))
    for (const host of ['127.0.0.1', 'localhost', '[::1]']) origins.push(`http://${host}:${address.port}`);
  return [...new Set(origins)];
}

/** Request headers a browser may send cross-origin (the contract's, plus the request id). */
const ALLOWED_HEADERS = 'content-type, lang, authorization, x-request-id, x-operator-token';

/**
 * Cross-origin rules: a browser page may call the API (and open the socket) only from a configured
 * origin ("*" allows any). Requests without an Origin header (curl, other servers) are not
 * cross-origin requests and pass.
 */
export class CorsPolicy {
  private readonly any: boolean;
  private readonly origins: Set<string>;

  constructor(origins: readonly string[]) {
    this.any = origins.includes('*');
    this.origins = new Set(origins);
  }

  /** Allows `origin` too: the server's own, once it is known (main.ts, with --app). */
  allow(origin: string): void {
    this.origins.add(origin);
  }

  allows(origin: string | undefined): boolean {
    return origin === undefined || this.any || this.origins.has(origin);
  }

  /** Adds the CORS answer headers for an allowed origin. */
  apply(request: IncomingMessage, response: ServerResponse): void {
    const origin = request.headers.origin;
    response.setHeader('vary', 'Origin');
    if (origin === undefined || !this.allows(origin)) return;
    response.setHeader('access-control-allow-origin', origin);
    response.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
    response.setHeader('access-control-allow-headers', ALLOWED_HEADERS);
    response.setHeader('access-control-max-age', '600');
  }
}
