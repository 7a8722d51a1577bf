import { TransportError, type Transport, type WireRequest } from '../transport.ts';

function toQuery(payload: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(payload)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

function toBody(payload: Record<string, unknown>): { body: BodyInit; contentType?: string } {
  const hasFile = Object.values(payload).some((value) => value instanceof Blob);
  if (!hasFile) return { body: JSON.stringify(payload), contentType: 'application/json' };
  const form = new FormData();
  for (const [key, value] of Object.entries(payload)) {
    if (value instanceof Blob) form.append(key, value);
    else if (value !== undefined && value !== null) form.append(key, String(value));
  }
  return { body: form };
}

/**
 * Browsers give keepalive requests 64 KiB in all; a JSON command is far below this, an upload
 * (a payment voucher) may not be, and goes without.
 */
export const KEEPALIVE_MAX_BODY_CHARS = 32 * 1024;

/** fetch to `${base}/api/<path>` and a WebSocket to `socketUrl`. */
export function createHttpTransport(options: {
  base: string;
  socketUrl: string;
  fetchImpl?: typeof fetch;
}): Transport {
  const base = options.base.replace(/\/+$/, '');
  const fetchImpl = options.fetchImpl ?? globalThis.fetch.bind(globalThis);
  return {
    name: 'http',
    socketUrl: options.socketUrl,
    WebSocketCtor: globalThis.WebSocket,
    async request(request: WireRequest): Promise<unknown> {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), request.timeoutMs);
      const url = `${base}/api/${request.path}${request.method === 'GET' ? toQuery(request.payload) : ''}`;
      const headers: Record<string, string> = { ...request.headers };
      if (request.requestId) headers['x-request-id'] = request.requestId;
      let body: BodyInit | undefined;
      // A command the user sent is delivered even when the tab closes right after (logging out and
      // closing the tab must end the session on the server): small bodies go as keepalive.
      let keepalive = false;
      if (request.method === 'POST') {
        const encoded = toBody(request.payload);
        body = encoded.body;
        if (encoded.contentType) headers['content-type'] = encoded.contentType;
        keepalive = typeof body === 'string' && body.length <= KEEPALIVE_MAX_BODY_CHARS;
      }
      try {
        const response = await fetchImpl(url, {
          method: request.method,
          headers,
          body,
          keepalive,
          signal: controller.signal,
        });
        if (!response.ok) throw new TransportError(`HTTP ${response.status}`, 'server');
        try {
          return await response.json();
        } catch {
          throw new TransportError('unreadable answer body', 'server');
        }
      } catch (error) {
        if (error instanceof TransportError) throw error;
        if (controller.signal.aborted) throw new TransportError('request timed out', 'timeout');
        throw new TransportError(error instanceof Error ? error.message : 'network failure', 'network');
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
