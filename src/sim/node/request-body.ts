import type { IncomingMessage } from 'node:http';

/** What a POST body reads as: the payload, or the HTTP status and reason that refuse it. */
export type BodyOutcome =
  { ok: true; payload: unknown } | { ok: false; status: 400 | 408 | 413 | 415; reason: string };

export interface BodyLimits {
  /** Largest body accepted, in bytes. */
  maxBytes: number;
  /** The whole body must arrive within this many ms. */
  timeoutMs: number;
}

/** A body this many times over the limit is not drained any further: the connection is cut. */
const DRAIN_FACTOR = 16;

/**
 * Reads a POST body as the contract's payload: JSON (what Tessera's client sends), form-urlencoded
 * (what the family's clients send for login and register) or multipart (uploads; files arrive as
 * Blobs, as the catalogue expects). A body over the limit is drained and refused with 413 (no longer
 * read if it goes on far beyond), an unreadable one 400, an unknown type 415, a body that does not finish
 * arriving 408. Nothing here throws.
 */
export function readBody(request: IncomingMessage, limits: BodyLimits): Promise<BodyOutcome> {
  return new Promise((resolve) => {
    const type = mediaType(request.headers['content-type']);
    const declared = Number(request.headers['content-length'] ?? NaN);
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = Number.isFinite(declared) && declared > limits.maxBytes;
    let settled = false;
    const finish = (outcome: BodyOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const timer = setTimeout(() => {
      // Stop reading; the answer goes out with `connection: close`, which ends the connection.
      request.pause();
      finish({ ok: false, status: 408, reason: 'body timeout' });
    }, limits.timeoutMs);
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limits.maxBytes) tooLarge = true;
      if (!tooLarge) chunks.push(chunk);
      else if (size > limits.maxBytes * DRAIN_FACTOR) {
        request.pause();
        finish({ ok: false, status: 413, reason: 'body too large' });
      }
    });
    request.on('error', () => finish({ ok: false, status: 400, reason: 'body not readable' }));
    // The client went away before its body ended: nobody is left to answer, so stop waiting now.
    request.on('close', () => {
      if (!request.complete) finish({ ok: false, status: 400, reason: 'body cut off' });
    });
    request.on('end', () => {
      if (tooLarge) return finish({ ok: false, status: 413, reason: 'body too large' });
      void parse(type, request.headers['content-type'] ?? '', Buffer.concat(chunks)).then(finish);
    });
  });
}

function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

async function parse(type: string, contentType: string, body: Buffer): Promise<BodyOutcome> {
  if (body.length === 0 && type === '') return { ok: true, payload: {} };
  if (type === 'application/json' || type.endsWith('+json')) {
    if (body.length === 0) return { ok: true, payload: {} };
    try {
      return { ok: true, payload: JSON.parse(body.toString('utf8')) as unknown };
    } catch {
      return { ok: false, status: 400, reason: 'malformed JSON' };
    }
  }
  if (type === 'application/x-www-form-urlencoded') {
    // Object.fromEntries defines own properties, so "__proto__=" is a plain (unknown) key.
    return { ok: true, payload: Object.fromEntries(new URLSearchParams(body.toString('utf8'))) };
  }
  if (type === 'multipart/form-data') {
    try {
      const form = await new Response(new Uint8Array(body), {
        headers: { 'content-type': contentType },
      }).formData();
      return { ok: true, payload: Object.fromEntries(form.entries()) };
    } catch {
      return { ok: false, status: 400, reason: 'malformed multipart body' };
    }
  }
  return { ok: false, status: 415, reason: 'unsupported content type' };
}
