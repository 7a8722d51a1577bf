import { describe, expect, it } from 'vitest';
import { KEEPALIVE_MAX_BODY_CHARS, createHttpTransport } from '../../../src/api/transports/http.ts';
import type { WireRequest } from '../../../src/api/transport.ts';

/** Sends one request through the transport and returns the init fetch was given. */
async function initFor(request: Omit<WireRequest, 'headers' | 'timeoutMs'>): Promise<RequestInit> {
  let seen: RequestInit | undefined;
  const transport = createHttpTransport({
    base: 'http://exchange.test',
    socketUrl: 'ws://exchange.test/ws',
    fetchImpl: async (_url, init) => {
      seen = init;
      return new Response('{"code":1,"msg":"","data":null}', { status: 200 });
    },
  });
  await transport.request({ ...request, headers: { lang: 'en', authorization: '' }, timeoutMs: 1000 });
  if (!seen) throw new Error('fetch was not called');
  return seen;
}

describe('http transport: commands outlive a closing tab', () => {
  it('sends a small JSON command as keepalive (logout then closing the tab still logs out)', async () => {
    const init = await initFor({ method: 'POST', path: 'user/logout', payload: {}, requestId: 'r1' });
    expect(init.keepalive).toBe(true);
  });

  it('does not use keepalive for reads', async () => {
    const init = await initFor({ method: 'GET', path: 'user/info', payload: {} });
    expect(init.keepalive).toBe(false);
  });

  it('sends a body above the keepalive budget, or a file, without it (the browser would refuse it)', async () => {
    const big = await initFor({
      method: 'POST',
      path: 'user/update',
      payload: { text: 'x'.repeat(KEEPALIVE_MAX_BODY_CHARS) },
      requestId: 'r2',
    });
    expect(big.keepalive).toBe(false);
    const upload = await initFor({
      method: 'POST',
      path: 'otc/pay',
      payload: { voucher: new Blob(['png']) },
      requestId: 'r3',
    });
    expect(upload.keepalive).toBe(false);
  });
});
