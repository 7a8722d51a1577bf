import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { catalogue, type CallName } from '../../../src/api/catalogue.ts';
import { createApiClient, type ApiNotice } from '../../../src/api/client.ts';
import { decodeEnvelope } from '../../../src/api/envelope.ts';
import type { Transport, WireRequest } from '../../../src/api/transport.ts';
import { spotFixture, type SpotFixture } from '../spot/sim-fixture.ts';

/**
 * Issue 18 item 4: Tessera's client against the family's real servers. Valid answers are taken from
 * the simulator, then rewritten the way those servers write them (ids as digit strings, money as JSON
 * numbers, code as a string of digits, empty data as [] / {} / null); every documented variant must
 * decode to the same value, and what is not a documented variant must still be refused.
 */
type JsonSchema = {
  kind?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
};

interface Choices {
  idsAsText: boolean;
  moneyAsNumbers: boolean;
}

/** The value as a family server could have written it, guided by the answer schema's field kinds. */
function rewrite(value: unknown, schema: JsonSchema | undefined, choices: Choices): unknown {
  if (!schema || value === null || value === undefined) return value;
  if (schema.kind === 'id' && typeof value === 'number' && choices.idsAsText) return String(value);
  // Only a decimal JavaScript writes back the same ("0.5", not "0.50") reads back the same from a number.
  if (schema.kind === 'decimal' && typeof value === 'string' && choices.moneyAsNumbers) {
    return String(Number(value)) === value ? Number(value) : value;
  }
  if (schema.anyOf) {
    const branch = schema.anyOf.find((part) => part.type !== 'null');
    return rewrite(value, branch, choices);
  }
  if (Array.isArray(value)) return value.map((item) => rewrite(item, schema.items, choices));
  if (typeof value === 'object' && schema.properties) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, rewrite(item, schema.properties?.[key], choices)]),
    );
  }
  return value;
}

let f: SpotFixture;
const answers = new Map<CallName, unknown>();

async function answerOf(name: CallName, payload: Record<string, unknown>, token = ''): Promise<unknown> {
  const envelope = await f.simulator.server.handle({
    method: catalogue[name].method,
    path: name,
    payload,
    headers: { lang: 'en', authorization: token },
    timeoutMs: 20_000,
  });
  if (envelope.code !== 1) throw new Error(`${name}: ${envelope.msg}`);
  return envelope.data;
}

beforeAll(async () => {
  f = await spotFixture();
  const token = await f.login();
  const bid = f.simulator.market.market.pair(1)!.book.bestBid();
  const order = { currency_match_id: 1, number: '0.001', price: ((bid - 50_000) / 100).toFixed(2), type: 0 };
  answers.set('tx_in/add', await answerOf('tx_in/add', order, token));
  answers.set('tx_in/list', await answerOf('tx_in/list', { currency_match_id: 1 }, token));
  answers.set('user/info', await answerOf('user/info', {}, token));
  answers.set('market/currency_matches', await answerOf('market/currency_matches', {}));
  answers.set('market/deal', await answerOf('market/deal', { currency_match_id: 1 }));
  answers.set('market/kline', await answerOf('market/kline', { currency_match_id: 1, period: '1min' }));
  answers.set('user/login', token);
});

function decoded(name: CallName, raw: unknown) {
  return decodeEnvelope(raw, catalogue[name].answer as z.ZodType);
}

describe("the client reads the family's servers' answers", () => {
  it('property: any documented variant of a valid answer decodes to the same value', () => {
    const names = [...answers.keys()];
    fc.assert(
      fc.property(
        fc.constantFrom(...names),
        fc.record({ idsAsText: fc.boolean(), moneyAsNumbers: fc.boolean() }),
        fc.constantFrom<unknown>(1, '1'),
        fc.constantFrom<unknown>('', 'ok', undefined),
        (name, choices, code, msg) => {
          const data = answers.get(name);
          const schema = z.toJSONSchema(catalogue[name].answer as z.ZodType, {
            io: 'input',
            unrepresentable: 'any',
          }) as JsonSchema;
          const expected = decoded(name, { code: 1, msg: '', data });
          expect(expected.kind, name).toBe('ok');
          const variant = decoded(name, { code, msg, data: rewrite(data, schema, choices) });
          expect(variant.kind === 'ok' && variant.data, name).toEqual(
            expected.kind === 'ok' && expected.data,
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it('the variants really differ on the wire (ids as text, money as numbers)', () => {
    const data = answers.get('tx_in/add') as Record<string, unknown>;
    const schema = z.toJSONSchema(catalogue['tx_in/add'].answer, {
      io: 'input',
      unrepresentable: 'any',
    }) as JsonSchema;
    const variant = rewrite(data, schema, { idsAsText: true, moneyAsNumbers: true }) as Record<
      string,
      unknown
    >;
    expect(typeof variant.id).toBe('string');
    expect((variant.currency_match as { id: unknown }).id).toBe(
      String((data.currency_match as { id: number }).id),
    );
    const groups = answers.get('market/currency_matches');
    const groupSchema = z.toJSONSchema(catalogue['market/currency_matches'].answer, {
      io: 'input',
      unrepresentable: 'any',
    }) as JsonSchema;
    const written = JSON.stringify(rewrite(groups, groupSchema, { idsAsText: false, moneyAsNumbers: true }));
    expect(written).not.toBe(JSON.stringify(groups));
    expect(written).toMatch(/"lever_fee_rate":0\.001\b/);
  });

  it('empty data in any spelling reads as the empty answer the call expects', () => {
    const spellings = [[], {}, null, undefined];
    // A list, a paged list's data, an object-or-nothing and "nothing in particular".
    const cases: Array<[CallName, unknown]> = [
      ['address/list', []],
      ['user/logout', null],
    ];
    for (const [name, canonical] of cases) {
      const expected = decoded(name, { code: 1, msg: '', data: canonical });
      expect(expected.kind, name).toBe('ok');
      for (const data of spellings) {
        expect(decoded(name, { code: 1, msg: '', data }), `${name} ${JSON.stringify(data)}`).toEqual(
          expected,
        );
      }
    }
  });

  it('what is not a documented variant is still refused as malformed', () => {
    const order = answers.get('tx_in/add') as Record<string, unknown>;
    const bad: Array<[string, unknown]> = [
      ['id as a decimal', { ...order, id: '12.5' }],
      ['id as a word', { ...order, id: 'twelve' }],
      ['id as true', { ...order, id: true }],
      ['money with a comma', { ...order, price: '1,5' }],
      ['money as NaN text', { ...order, price: 'NaN' }],
      ['money as null', { ...order, price: null }],
      ['a time that is no date', { ...order, created_at: '2026-02-30 10:00:00' }],
      ['a time in another format', { ...order, created_at: '2026/02/03 10:00' }],
      ['status as text', { ...order, status: '1' }],
      ['a non-empty list for an object', [order]],
    ];
    for (const [what, data] of bad) {
      expect(decoded('tx_in/add', { code: 1, msg: '', data }).kind, what).toBe('malformed');
    }
    // An empty spelling is no escape for a call that needs data.
    for (const data of [[], {}, null])
      expect(decoded('tx_in/add', { code: 1, msg: '', data }).kind).toBe('malformed');
  });

  it('a client over a family-style transport: "999" ends the session, "996" is silent, 1 is data', async () => {
    const notices: ApiNotice[] = [];
    const replies: unknown[] = [
      { code: '999', msg: 'login timeout', data: [] },
      { code: '996', msg: '', data: {} },
      { code: 1, msg: '', data: 'b'.repeat(64) },
      { code: '0', msg: 'refused', data: null },
    ];
    const transport: Transport = {
      name: 'http',
      socketUrl: 'ws://family.example/ws',
      WebSocketCtor: class {} as unknown as Transport['WebSocketCtor'],
      request: (_request: WireRequest) => Promise.resolve(replies.shift()),
    };
    const api = createApiClient({
      transport,
      getToken: () => 'old',
      getLang: () => 'en',
      notify: (n) => notices.push(n),
    });
    await expect(api.call('user/info', {})).rejects.toMatchObject({ kind: 'expired' });
    await expect(api.call('user/info', {})).rejects.toMatchObject({ kind: 'ignored' });
    expect(await api.call('user/login', { account: 'a@b.c', password: 'x', login_type: 'email' })).toBe(
      'b'.repeat(64),
    );
    await expect(api.call('user/info', {})).rejects.toMatchObject({ kind: 'error', message: 'refused' });
    expect(notices).toEqual([
      { kind: 'expired', hadToken: true },
      { kind: 'error', msg: 'refused' },
    ]);
  });
});
