import type { ApiClient } from './server-http.ts';
import { BENCH_PAIR, type BenchUser } from './server-users.ts';
import { thinkTime } from './think-time.ts';

/**
 * The benchmark's reading users (bench/server.ts `--mix realistic`): most people on an exchange watch
 * rather than trade. Each one loops until the deadline over what the home, market and trade pages
 * ask for, `thinkMs` apart (bench/think-time.ts, like the traders): the quote groups, the pair's quote
 * with depth and tape, its candles, the wallet's accounts and the user's open orders.
 */
const READS: ReadonlyArray<{
  weight: number;
  path: string;
  payload: Record<string, string | number>;
  auth: boolean;
}> = [
  { weight: 3, path: 'market/deal', payload: { currency_match_id: BENCH_PAIR.id }, auth: false },
  { weight: 2, path: 'market/currency_matches', payload: {}, auth: false },
  {
    weight: 2,
    path: 'market/kline',
    payload: { currency_match_id: BENCH_PAIR.id, period: '1min' },
    auth: false,
  },
  { weight: 2, path: 'account/list', payload: {}, auth: true },
  { weight: 1, path: 'tx_in/list', payload: { currency_match_id: BENCH_PAIR.id }, auth: true },
];
const TOTAL_WEIGHT = READS.reduce((sum, read) => sum + read.weight, 0);

export async function browse(
  api: ApiClient,
  user: BenchUser,
  deadline: number,
  thinkMs: number,
  random: () => number,
): Promise<void> {
  for (let step = 0; performance.now() < deadline; step++) {
    await thinkTime(step, thinkMs, random);
    if (performance.now() >= deadline) break;
    let roll = random() * TOTAL_WEIGHT;
    const read = READS.find((candidate) => (roll -= candidate.weight) < 0) ?? READS[0]!;
    await api.get(read.path, read.payload, read.auth ? { token: user.token } : {});
  }
}
