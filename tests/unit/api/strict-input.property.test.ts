import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { callNames, catalogue } from '../../../src/api/catalogue.ts';
import type { Envelope } from '../../../src/api/envelope.ts';
import { ManualClock } from '../../../src/sim/clock.ts';
import { DEMO_ACCOUNT } from '../../../src/sim/features/accounts/policy.ts';
import { loadServerMessages } from '../../../src/sim/server-messages.ts';
import { createSimulator, type Simulator } from '../../../src/sim/simulator.ts';
import { serialize } from '../../../src/sim/store/serialization.ts';

const START = Date.UTC(2026, 10, 2, 9, 0, 0);
let sim: Simulator;
let token: string;

/** Everything a refused request must leave as it was: accounts, spot orders and balances. */
function fingerprint(): string {
  return serialize([sim.accounts.state(), sim.spot.state()]);
}

function send(request: unknown): Promise<Envelope> {
  // The server is fed what the wire could carry, typed or not.
  return sim.server.handle(request as Parameters<Simulator['server']['handle']>[0]);
}

/** A new session of the demo account (the random run may have logged the first one out). */
async function signIn(): Promise<string> {
  const answer = await call(
    'user/login',
    { account: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password, login_type: 'email' },
    'POST',
    '',
  );
  return answer.data as string;
}

function call(path: string, payload: unknown, method?: string, who = token): Promise<Envelope> {
  const spec = catalogue[path as keyof typeof catalogue];
  return send({
    method: method ?? spec?.method ?? 'POST',
    path,
    payload,
    headers: { lang: 'en', authorization: who },
    timeoutMs: 20_000,
  });
}

beforeAll(async () => {
  sim = await createSimulator({ clock: new ManualClock(START), messages: loadServerMessages, store: null });
  token = await signIn();
});

/** A recognisable string no server message contains by itself. */
const marker = fc.stringMatching(/^[a-z]{6}$/).map((tail) => `Zq${tail}`);
const hostileText = fc.oneof(
  marker,
  marker.map((m) => `<img src=x onerror=alert(1)>${m}`),
  marker.map((m) => `${m}\u0000\u202E`),
  marker.map((m) => m.repeat(500)),
);
const value: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.constantFrom('0x10', '1e3', ' 5 ', '+5', '', 'NaN', 'Infinity', true, false, null, [1], {}, -1, 0, 1.5),
  fc.integer(),
  fc.double(),
  fc.array(hostileText, { maxLength: 3 }),
  fc.dictionary(marker, hostileText, { maxKeys: 3 }),
);
/** A payload: the call's own field names and random ones, with hostile values. */
const payloadFor = (path: string): fc.Arbitrary<Record<string, unknown>> => {
  const shape = (catalogue[path as keyof typeof catalogue].payload as { shape?: Record<string, unknown> })
    .shape;
  const names = Object.keys(shape ?? {});
  const name = names.length > 0 ? fc.oneof(fc.constantFrom(...names), marker) : marker;
  return fc.dictionary(name, value, { maxKeys: 6 });
};

// Calls that drive the simulator itself (speed, storms, demo deposits) are left out of the random run.
const paths = callNames.filter((name) => !name.startsWith('sim/'));
const request = fc
  .constantFrom(...paths)
  .chain((path) => fc.tuple(fc.constant(path), payloadFor(path), fc.constantFrom('GET', 'POST', 'PUT', 7)));

function markersOf(payload: unknown, found: string[] = []): string[] {
  if (typeof payload === 'string') for (const m of payload.match(/Zq[a-z]{6}/g) ?? []) found.push(m);
  else if (Array.isArray(payload)) for (const item of payload) markersOf(item, found);
  else if (payload && typeof payload === 'object') {
    for (const [key, item] of Object.entries(payload)) {
      markersOf(key, found);
      markersOf(item, found);
    }
  }
  return found;
}

describe('strict input at the server (issue 10 item 6)', () => {
  it('property: random payloads never throw, never echo input, and change nothing when refused', async () => {
    await fc.assert(
      fc.asyncProperty(request, async ([path, payload, method]) => {
        const before = fingerprint();
        const answer = await call(path, payload, String(method));
        expect([0, 1, 999, '999']).toContain(answer.code);
        expect(typeof answer.msg).toBe('string');
        for (const m of markersOf(payload)) expect(answer.msg).not.toContain(m);
        if (answer.code !== 1) expect(fingerprint()).toBe(before);
      }),
      { numRuns: 400 },
    );
  });

  it('numbers are plain decimal strings or JSON numbers only', async () => {
    token = await signIn();
    for (const bad of ['0x10', '1e3', ' 5 ', '+5', true, [1], '5abc']) {
      const answer = await call('tx_in/list', { limit: bad });
      expect(answer, String(bad)).toMatchObject({ code: 0, msg: 'Invalid or missing field: limit' });
    }
    for (const good of ['5', 5]) expect((await call('tx_in/list', { limit: good })).code).toBe(1);
    // An empty query value is no value: the default (the family's clients send unset filters so).
    expect((await call('tx_in/list', { limit: '' })).data).toMatchObject({ per_page: 10 });
  });

  it('text fields are capped and refuse control and bidi-override characters, naming the field', async () => {
    token = await signIn();
    const save = (account: string) =>
      call('pay_method/save', { type: 2, raw_data: { real_name: 'Ada', account } });
    const before = fingerprint();
    expect((await save('a'.repeat(200_000))).msg).toBe(
      'Field raw_data.account is too long (at most 512 characters)',
    );
    expect((await save('ada\u202Eevil')).msg).toBe(
      'Field raw_data.account contains characters that are not allowed',
    );
    const feedback = await call('feedback/submit', {
      type: 1,
      title: 'Hello\u0000',
      content: 'x'.repeat(20),
    });
    expect(feedback.msg).toBe('Field title contains characters that are not allowed');
    expect(fingerprint()).toBe(before);
  });

  it('call lookup ignores inherited names; other methods and missing headers answer an envelope', async () => {
    for (const path of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect(await call(path, {}, 'GET')).toEqual({ code: 0, msg: 'Unknown call', data: [] });
    }
    expect((await call('user/info', {}, 'DELETE')).msg).toBe('This call must use GET');
    const headless = await send({ method: 'GET', path: 'user/info', payload: {}, timeoutMs: 1 });
    expect(headless.code).toBe('999');
    const garbage = await send({ method: 'GET', path: 'default/setting', payload: 'x', headers: 5 });
    expect(garbage).toEqual({ code: 0, msg: 'The request is not valid', data: [] });
  });

  it('unknown query keys on GET calls are ignored (cache-busters)', async () => {
    token = await signIn();
    const info = await call('user/info', { t: String(Date.now()) });
    expect(info.code).toBe(1);
    const list = await call('tx_in/list', { t: '1730000000000', limit: '5', __proto__x: 1 });
    expect(list.code).toBe(1);
  });

  it('a missing or invalid field is named, and an unknown path is not echoed', async () => {
    expect((await call('user/login', { password: 'x', login_type: 'email' }, 'POST', '')).msg).toBe(
      'Invalid or missing field: account',
    );
    const unknown = await call('<b>Zqabcdef</b>', {}, 'GET');
    expect(unknown.msg).toBe('Unknown call');
    const kline = await call('market/kline', {
      symbol: '<h1>Zqhtmlxx</h1>'.repeat(10),
      period: '1min',
      from: 1,
      to: 2,
      currency_match_id: 1,
    });
    expect(kline.code).toBe(0);
    expect(kline.msg).not.toContain('Zqhtmlxx');
  });
});
