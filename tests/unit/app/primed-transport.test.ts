import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { marketCalls } from '../../../src/api/catalogue/market.ts';
import type { Transport, WireRequest } from '../../../src/api/transport.ts';
import { firstQuotesRequest } from '../../../src/app/early-backend.ts';
import { primeRequest, PRIMED_ANSWER_FRESH_MS } from '../../../src/app/primed-transport.ts';

/** A backend that answers each request with a fresh object naming the request's number. */
function countingBackend(fail = false) {
  const asked: WireRequest[] = [];
  const transport: Transport = {
    name: 'sim',
    socketUrl: 'sim://socket',
    WebSocketCtor: class {} as unknown as Transport['WebSocketCtor'],
    request(request) {
      asked.push(request);
      return fail ? Promise.reject(new Error('down')) : Promise.resolve({ answer: asked.length });
    },
  };
  return { transport, asked };
}

const QUOTES = firstQuotesRequest('en', '');

describe('primeRequest', () => {
  it('asks at once, and gives that answer to the first identical request only', async () => {
    const { transport, asked } = countingBackend();
    const primed = primeRequest(transport, QUOTES, { now: () => 0 });
    expect(asked).toHaveLength(1);
    await expect(primed.primedAnswer).resolves.toEqual({ answer: 1 });
    expect(primed.primedAnswerGiven()).toBe(false);
    await expect(primed.request({ ...QUOTES })).resolves.toEqual({ answer: 1 });
    expect(primed.primedAnswerGiven()).toBe(true);
    expect(asked).toHaveLength(1);
    await expect(primed.request({ ...QUOTES })).resolves.toEqual({ answer: 2 });
    expect(asked).toHaveLength(2);
  });

  it('never hands the early answer to a request that differs in call, payload, language or token', async () => {
    const other = fc.oneof(
      fc.constantFrom('market/deal', 'market/kline', 'news/list').map((path) => ({ ...QUOTES, path })),
      fc
        .dictionary(fc.string({ minLength: 1, maxLength: 5 }), fc.integer())
        .filter((p) => Object.keys(p).length > 0)
        .map((payload) => ({ ...QUOTES, payload })),
      fc.constantFrom('zh', 'ru', 'jp').map((lang) => ({ ...QUOTES, headers: { ...QUOTES.headers, lang } })),
      fc
        .string({ minLength: 1 })
        .map((authorization) => ({ ...QUOTES, headers: { ...QUOTES.headers, authorization } })),
    );
    await fc.assert(
      fc.asyncProperty(other, async (request) => {
        const { transport, asked } = countingBackend();
        const primed = primeRequest(transport, QUOTES, { now: () => 0 });
        await expect(primed.request(request)).resolves.toEqual({ answer: 2 });
        expect(asked[1]).toBe(request);
      }),
    );
  });

  it('lets an answer go stale: a request made after freshMs goes to the backend', async () => {
    let clock = 0;
    const { transport, asked } = countingBackend();
    const primed = primeRequest(transport, QUOTES, { now: () => clock });
    await Promise.resolve();
    await Promise.resolve();
    clock = PRIMED_ANSWER_FRESH_MS + 1;
    await expect(primed.request({ ...QUOTES })).resolves.toEqual({ answer: 2 });
    expect(asked).toHaveLength(2);
    // The page's early `ready` (early-live-quotes.ts) is withdrawn on this: the app did not take it.
    expect(primed.primedAnswerGiven()).toBe(false);
  });

  it('after a failed early request, the app asks for itself', async () => {
    const { transport, asked } = countingBackend(true);
    const primed = primeRequest(transport, QUOTES, { now: () => 0 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(primed.request({ ...QUOTES })).rejects.toThrow('down');
    expect(asked).toHaveLength(2);
  });

  it('refuses to send a command early', () => {
    const { transport, asked } = countingBackend();
    expect(() => primeRequest(transport, { ...QUOTES, method: 'POST' })).toThrow(/only a GET/);
    expect(asked).toHaveLength(0);
  });

  it('asks for the first quotes the way the catalogue says the client does', () => {
    const spec = marketCalls['market/currency_matches'];
    expect([QUOTES.method, QUOTES.path]).toEqual([spec.method, spec.path]);
    expect(spec.payload.parse({})).toEqual(QUOTES.payload);
  });
});
