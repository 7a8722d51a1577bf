import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../../src/api/catalogue.ts';
import type { Envelope } from '../../../src/api/envelope.ts';
import { OPERATOR_HEADER } from '../../../src/sim/node/server-mode.ts';
import {
  call,
  loginDemo,
  OPERATOR_TOKEN,
  startServer,
  type ServerFixture,
} from '../server/server-fixture.ts';
import { spotFixture } from '../spot/sim-fixture.ts';

/**
 * sim/deposit credits funds on the operator's or the demo's say-so, so the server bounds it on its
 * own: at most 10,000,000 of the coin and 8 decimals, read exactly. Past that it answers code 0
 * with a message saying why, records no deposit and moves no balance.
 */
const CAP = 'A single deposit is at most 10000000 USDT';
const DECIMALS = 'An amount has at most 8 decimal places';
const INVALID = 'Please enter a valid amount';

/** What each refused amount must answer, as a string and (where JSON can carry it) as a number. */
const REFUSED: Array<[number: string | number, msg: string]> = [
  ['10000000.00000001', CAP],
  ['10000001', CAP],
  [`1${'0'.repeat(308)}`, CAP],
  [1e308, CAP],
  ['9007199254740993', CAP],
  [2 ** 53 + 2, CAP],
  ['1.123456789', DECIMALS],
  ['0.000000001', DECIMALS],
  ['1.000000000', DECIMALS],
  ['0', INVALID],
  ['-5', INVALID],
  [-5, INVALID],
];

type Line = { currency_code: string; balance: string; lock_balance: string };
type Group = { account_code: string; accounts: Line[] };

function usdtLine(groups: unknown): Line | undefined {
  return (groups as Group[])
    .find((g) => g.account_code === 'change_account')
    ?.accounts.find((l) => l.currency_code === 'USDT');
}

describe('sim/deposit in the simulator refuses amounts past its bounds', () => {
  it('answers code 0 with the reason, records nothing and never credits', async () => {
    const f = await spotFixture();
    const token = await f.login();
    // Each call with its catalogued method, as the app sends it.
    const send = (path: keyof typeof catalogue, payload: Record<string, unknown> = {}): Promise<Envelope> =>
      f.simulator.server.handle({
        method: catalogue[path].method,
        path,
        payload,
        headers: { lang: 'en', authorization: token },
        timeoutMs: 20_000,
      });
    const state = async () => ({
      line: usdtLine((await send('account/list')).data),
      deposits: ((await send('wallet/deposits')).data as { total: number }).total,
    });
    const before = await state();
    for (const [number, msg] of REFUSED) {
      const answer = await send('sim/deposit', { currency_id: 1, number });
      expect(answer, String(number)).toMatchObject({ code: 0, msg });
    }
    f.clock.advance(120_000); // long past any confirmation
    expect(await state()).toEqual(before);
    // The cap itself is a deposit like any other, credited to the last unit.
    const atCap = await send('sim/deposit', { currency_id: 1, number: '10000000' });
    expect(atCap).toMatchObject({ code: 1, data: { number: '10000000.00000000' } });
    f.clock.advance(10_000);
    const credited = await state();
    expect(BigInt(credited.line!.balance.replace('.', ''))).toBe(
      BigInt(before.line!.balance.replace('.', '')) + 10n ** 15n,
    );
  });
});

describe('sim/deposit over HTTP: JSON numbers past exact range are refused, not rounded', () => {
  let server: ServerFixture;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('a raw body with 9007199254740993 or 1e308 answers code 0 and the balance stays', async () => {
    const token = await loginDemo(server.base);
    const headers = { authorization: token, [OPERATOR_HEADER]: OPERATOR_TOKEN };
    const read = async () => ({
      line: usdtLine((await call(server.base, '/api/account/list', { headers })).body.data),
      deposits: (
        (await call(server.base, '/api/wallet/deposits', { headers })).body.data as { total: number }
      ).total,
    });
    const before = await read();
    // Written by hand: JSON.stringify could not even write 9007199254740993.
    for (const number of ['9007199254740993', '1e308', '10000000.00000001', '1.000000001']) {
      const answer = await call(server.base, '/api/sim/deposit', {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', lang: 'en' },
        body: `{"currency_id":1,"currency_protocol_id":1,"number":${number}}`,
      });
      expect(answer.body.code, number).toBe(0);
      expect(answer.body.msg, number).toMatch(
        /^(A single deposit is at most 10000000 USDT|An amount has at most 8 decimal places)$/,
      );
      expect(answer.body.msg).not.toContain(number);
    }
    expect(await read()).toEqual(before);
  });
});
