import type { RawData } from 'ws';

/** A socket whose unsent frames pass this many bytes is too slow to keep up: it is cut off. */
export const MAX_SOCKET_BUFFER = 8 * 1024 * 1024;
/** Largest client frame on the socket (login, sub, unsub, ping are tiny). */
export const MAX_SOCKET_FRAME = 16 * 1024;
/** A socket that answers no protocol ping within this long is dead. */
export const SOCKET_HEARTBEAT_MS = 30_000;

/** A client's text frame as a string, whichever shape ws handed it over in. */
export function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data as ArrayBuffer).toString('utf8');
}
