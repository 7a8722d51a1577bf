import { describe, expect, it } from 'vitest';
import { LEVER_PRICE_MARKET, LEVER_TYPE_LONG } from '../../../../src/domain/contract-codes.ts';
import { familyWire, TRANSPORTS, type TransportName } from './family-wire.ts';

const family = familyWire();

const PAIR = 2;
const OTHER_PAIR = 1;
const MARKET = {
  currency_match_id: PAIR,
  share: 1,
  multiple: 10,
  type: LEVER_TYPE_LONG,
  status: LEVER_PRICE_MARKET,
};

interface Position {
  id: number;
  profits: string;
}

/** A funded lever account with `count` open longs on the pair, for a fresh user of that transport. */
async function opened(name: TransportName, email: string, count: number): Promise<string> {
  const token = await family.newUser(name, email);
  const funded = await family.wire(
    name,
    'POST',
    'account/transfer',
    { currency_id: 1, balance: '1000', from: 'change_account', to: 'lever_account' },
    token,
  );
  expect(funded.code, funded.msg).toBe(1);
  for (let i = 0; i < count; i++) {
    const placed = await family.wire(name, 'POST', 'lever/submit', MARKET, token);
    expect(placed.code, placed.msg).toBe(1);
  }
  return token;
}

describe.each(TRANSPORTS)('lever/dealall over the %s transport', (name) => {
  it("answers profits_total (the pair's PnL) and order.last_page", async () => {
    const token = await opened(name, `dealall-${name}@example.com`, 11);
    const deal = await family.wire(
      name,
      'POST',
      'lever/dealall',
      { currency_match_id: PAIR, page: 1 },
      token,
    );
    expect(deal.code, deal.msg).toBe(1);
    const data = deal.data as {
      order: { data: Position[]; total: number; per_page: number; last_page: number; current_page: number };
      profits_all: string;
      profits_total: string;
    };
    expect(data.order).toMatchObject({ total: 11, per_page: 10, current_page: 1, last_page: 2 });
    const second = await family.wire(
      name,
      'POST',
      'lever/dealall',
      { currency_match_id: PAIR, page: 2 },
      token,
    );
    const rows = [...data.order.data, ...(second.data as typeof data).order.data];
    const sum = rows.reduce((total, row) => total + Math.round(Number(row.profits) * 1e8), 0);
    expect(Math.round(Number(data.profits_total) * 1e8)).toBe(sum);
    expect(Number.isNaN(parseFloat(data.profits_total))).toBe(false);

    const api = await family.tessera(name, token);
    const read = await api.call('lever/dealall', { currency_match_id: PAIR, page: 1 });
    expect(read.order.last_page).toBe(2);
    expect(read.profits_total).toMatch(/^-?\d+\.\d{8}$/);
  });

  it('every position carries currency_match.symbol; closed ones complete_time as "YYYY-MM-DD HH:mm:ss"', async () => {
    const token = await opened(name, `rows-${name}@example.com`, 2);
    const open = await family.wire(name, 'POST', 'lever/my_trade', { status: 1, page: 1 }, token);
    const rows = (open.data as { data: Array<Record<string, unknown>> }).data;
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.currency_match).toEqual({ id: PAIR, symbol: row.symbol });
      expect(row.complete_time).toBeNull();
    }
    const closedOne = await family.wire(name, 'POST', 'lever/close', { id: rows[0]!.id }, token);
    expect(closedOne.code, closedOne.msg).toBe(1);
    const closed = await family.wire(name, 'POST', 'lever/my_trade', { status: 3, page: 1 }, token);
    const row = (closed.data as { data: Array<Record<string, unknown>> }).data[0]!;
    expect(row.currency_match).toEqual({ id: PAIR, symbol: row.symbol });
    expect(row.complete_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(row.complete_time).toBe(
      new Date(row.closed_at as number).toISOString().slice(0, 19).replace('T', ' '),
    );

    const api = await family.tessera(name, token);
    const read = (await api.call('lever/my_trade', { status: 3, page: 1 })).data[0]!;
    expect(read.currency_match?.symbol).toBe(read.symbol);
    expect(read.complete_time).toBe(row.complete_time);
  });
});

describe('LEVER_TRADE and LEVER_CLOSED frames', () => {
  it('LEVER_TRADE carries currency_match_id, one copy per pair held; LEVER_CLOSED carries id as an array', async () => {
    const token = await opened('sim', 'pushes@example.com', 1);
    const { simulator } = family.harness();
    const frames: Array<Record<string, unknown>> = [];
    const socket = simulator.server.openSocket((text) =>
      frames.push(JSON.parse(text) as Record<string, unknown>),
    );
    socket.receive(JSON.stringify({ type: 'login', params: token }));
    socket.receive(JSON.stringify({ type: 'sub', params: 'LEVER_TRADE' }));
    socket.receive(JSON.stringify({ type: 'sub', params: 'LEVER_CLOSED' }));
    const other = await family.wire(
      'sim',
      'POST',
      'lever/submit',
      { ...MARKET, currency_match_id: OTHER_PAIR },
      token,
    );
    expect(other.code, other.msg).toBe(1);

    const trades = frames.filter((frame) => frame.type === 'LEVER_TRADE');
    const lastRound = trades.slice(-2);
    expect(new Set(lastRound.map((frame) => frame.currency_match_id))).toEqual(new Set([PAIR, OTHER_PAIR]));
    const [first, second] = lastRound.map(({ currency_match_id: _pair, ...account }) => account);
    expect(first).toEqual(second);
    // Tessera's client decodes the frame and reads each account once.
    const { leverTradePush, leverClosedPush } = await import('../../../../src/api/catalogue/lever.ts');
    expect(leverTradePush.parse(lastRound[0]).currency_match_id).toBe(lastRound[0]!.currency_match_id);

    const closing = (other.data as { id: number }).id;
    expect((await family.wire('sim', 'POST', 'lever/close', { id: closing }, token)).code).toBe(1);
    const closed = frames.find((frame) => frame.type === 'LEVER_CLOSED')!;
    expect(closed.id).toEqual([closing]);
    expect(closed.ids).toEqual([closing]);
    // What the family's client does with it.
    const seen: number[] = [];
    (closed.id as number[]).forEach((id) => seen.push(id));
    expect(seen).toEqual([closing]);
    expect(leverClosedPush.parse(closed).id).toEqual([closing]);
    socket.close();
  });
});
