import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogue, type AnswerOf, type CallName } from '../../../../src/api/catalogue.ts';
import { decodeEnvelope, type Envelope } from '../../../../src/api/envelope.ts';
import { ManualClock } from '../../../../src/sim/clock.ts';
import { PAIRS } from '../../../../src/sim/market/pairs.ts';
import { KLINE_PERIODS } from '../../../../src/sim/market/periods.ts';
import { createSimulator, type Simulator } from '../../../../src/sim/simulator.ts';
import { START } from './market-fixture.ts';

const english = JSON.parse(readFileSync(new URL('../../../../locales/en.json', import.meta.url), 'utf8')) as {
  server: Record<string, string>;
};

let simulator: Simulator;
let clock: ManualClock;

beforeAll(async () => {
  clock = new ManualClock(START);
  simulator = await createSimulator({ clock, store: null, messages: async () => english.server });
});

function request(path: CallName, payload: Record<string, unknown> = {}): Promise<Envelope> {
  const { method } = catalogue[path];
  return simulator.server.handle({
    method,
    path,
    payload,
    headers: { lang: 'en', authorization: '' },
    timeoutMs: 20_000,
  });
}

/** The answer as the app would decode it: envelope rules, then the catalogue's answer schema. */
async function answer<N extends CallName>(
  path: N,
  payload: Record<string, unknown> = {},
): Promise<AnswerOf<N>> {
  const outcome = decodeEnvelope(await request(path, payload), catalogue[path].answer);
  if (outcome.kind !== 'ok') throw new Error(`${path}: ${JSON.stringify(outcome)}`);
  return outcome.data as AnswerOf<N>;
}

async function refusal(path: CallName, payload: Record<string, unknown>): Promise<string> {
  const envelope = await request(path, payload);
  expect(envelope.code).toBe(0);
  expect(envelope.data).toEqual([]);
  return envelope.msg;
}

describe('market/currency_matches', () => {
  it('answers the USDT, BTC and ETH groups with every pair, valid against the catalogue', async () => {
    const groups = await answer('market/currency_matches');
    expect(groups.map((group) => group.code)).toEqual(['USDT', 'BTC', 'ETH']);
    const matches = groups.flatMap((group) => group.matches);
    expect(matches).toHaveLength(PAIRS.length);
    expect(matches.find((match) => match.id === 64)?.symbol).toBe('BIB/USDT');
    for (const base of ['BTC', 'ETH', 'TRX', 'DOT', 'BIB']) {
      expect(matches.some((match) => match.symbol === `${base}/USDT`)).toBe(true);
    }
    for (const match of matches) {
      expect(match.base_currency.logo).toMatch(/^\/coins\/[a-z]+\.svg$/);
      expect(Number(match.currency_quotation.close)).toBeGreaterThan(0);
    }
    const usdt = groups[0]!;
    expect(usdt.usd_price).toBe('1');
    const btc = groups[1]!;
    expect(btc.usd_price).toBe(
      matches.find((match) => match.symbol === 'BTC/USDT')?.currency_quotation.close,
    );
    expect(Number(btc.cny_price) / Number(btc.usd_price)).toBeCloseTo(7.1, 3);
  });

  it('ships a logo for every base and quote currency', () => {
    for (const pair of PAIRS) {
      for (const currency of [pair.base, pair.quote]) {
        const svg = readFileSync(new URL(`../../../../public${currency.logo}`, import.meta.url), 'utf8');
        expect(svg).toContain('<svg');
      }
    }
  });
});

describe('market/deal', () => {
  it('answers quote, depth of about 20 levels a side and the last 30 trades', async () => {
    clock.advance(30_000);
    const deal = await answer('market/deal', { currency_match_id: 1 });
    expect(deal.depth.in.length).toBeGreaterThanOrEqual(15);
    expect(deal.depth.out.length).toBeGreaterThanOrEqual(15);
    expect(deal.depth.in.length).toBeLessThanOrEqual(20);
    const bestBid = Number(deal.depth.in[0]!.price);
    const bestAsk = Number(deal.depth.out[0]!.price);
    expect(bestBid).toBeLessThan(bestAsk);
    // Bids fall and asks rise away from the spread.
    deal.depth.in.forEach(
      (row, index) =>
        index > 0 && expect(Number(row.price)).toBeLessThan(Number(deal.depth.in[index - 1]!.price)),
    );
    deal.depth.out.forEach(
      (row, index) =>
        index > 0 && expect(Number(row.price)).toBeGreaterThan(Number(deal.depth.out[index - 1]!.price)),
    );
    expect(deal.tx_completes).toHaveLength(30);
    const times = deal.tx_completes.map((trade) => Number(trade.time));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(deal.quotation.close).toBe(deal.tx_completes[0]!.price);
  });

  it('refuses an unknown pair with a clear message', async () => {
    expect(await refusal('market/deal', { currency_match_id: 999 })).toBe(
      'There is no trading pair with id 999',
    );
  });
});

describe('market/kline', () => {
  const nowSeconds = () => Math.floor(clock.now() / 1000);

  it('answers 30 days of daily candles at first start, and every period, valid against the catalogue', async () => {
    const days = await answer('market/kline', {
      from: nowSeconds() - 40 * 86_400,
      to: nowSeconds(),
      symbol: 'BTC/USDT',
      period: '1day',
      currency_match_id: 1,
    });
    expect(days.length).toBeGreaterThanOrEqual(31);
    for (const period of KLINE_PERIODS) {
      const bars = await answer('market/kline', {
        from: nowSeconds() - 6 * 3_600,
        to: nowSeconds(),
        symbol: 'ETH/USDT',
        period,
        currency_match_id: 2,
      });
      expect(bars.length).toBeGreaterThan(0);
      expect(bars.every((bar) => bar.period === period)).toBe(true);
      for (const bar of bars) {
        expect(Number(bar.low)).toBeLessThanOrEqual(Math.min(Number(bar.open), Number(bar.close)));
        expect(Number(bar.high)).toBeGreaterThanOrEqual(Math.max(Number(bar.open), Number(bar.close)));
      }
    }
  });

  it('accepts the GET query strings a real server would receive', async () => {
    const bars = await answer('market/kline', {
      from: String(nowSeconds() - 3_600),
      to: String(nowSeconds()),
      symbol: 'TRX/USDT',
      period: '5min',
      currency_match_id: '3',
    });
    expect(bars.length).toBeGreaterThanOrEqual(12);
  });

  it('refuses bad parameters with code 0 and a translated message', async () => {
    const base = { symbol: 'BTC/USDT', period: '1min', currency_match_id: 1 };
    const now = nowSeconds();
    expect(await refusal('market/kline', { ...base, currency_match_id: 77, from: now - 60, to: now })).toBe(
      'There is no trading pair with id 77',
    );
    expect(await refusal('market/kline', { ...base, symbol: 'ETH/USDT', from: now - 60, to: now })).toBe(
      'Pair 1 is BTC/USDT: the symbol sent does not match',
    );
    expect(await refusal('market/kline', { ...base, from: now, to: now - 60 })).toBe(
      'from must not be later than to',
    );
    expect(await refusal('market/kline', { ...base, from: -5, to: now })).toBe(
      'from and to must be Unix times in seconds',
    );
    expect(await refusal('market/kline', { ...base, from: now * 1000 - 60_000, to: now * 1000 })).toBe(
      'from and to must be Unix times in seconds',
    );
    expect(await refusal('market/kline', { ...base, from: now - 30 * 86_400, to: now })).toBe(
      'Too many candles requested: ask for at most 5000 at a time',
    );
    expect(await refusal('market/kline', { ...base, period: '2min', from: now - 60, to: now })).toBe(
      'Invalid or missing field: period',
    );
  });
});

describe('demo speed', () => {
  it('answers speed 1 and refuses changes on a fixed test clock', async () => {
    expect(await answer('sim/speed')).toEqual({ speed: 1 });
    expect(await refusal('sim/set_speed', { speed: 5 })).toBe('The simulation speed cannot be changed here');
  });
});
