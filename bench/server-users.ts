import { ORDER_STATUS_OPEN } from '../src/domain/contract-codes.ts';
import type { ApiClient, Outcome } from './server-http.ts';
import type { ServerProcess } from './server-process.ts';
import { thinkTime } from './think-time.ts';

/**
 * The benchmark's trading users (bench/server.ts): each signs up the way a person does on a shared
 * server (an e-mail code, which the server writes to its log for the operator, then user/register and
 * user/login; every new account gets the demo grant of 10,000 USDT, 0.5 BTC and 5 ETH), then trades
 * spot on BTC/USDT in a closed loop until the deadline: resting limit orders a little away from the
 * market, cancels, small orders that cross the spread (trades for the tape), and now and then the
 * quote and its open orders.
 */

/** The pair the users trade and the sockets watch: BTC/USDT (2 price decimals, 5 lot decimals). */
export const BENCH_PAIR = { id: 1, symbol: 'BTC/USDT' } as const;
const PASSWORD = 'Bench1234';
/** A resting order's size and a crossing order's, BTC (about 80 and 16 USDT at today's prices). */
const RESTING_NUMBER = '0.00100';
const CROSSING_NUMBER = '0.00020';
/** Open orders a user keeps at most; beyond it the next step cancels the oldest. */
const MAX_OPEN = 4;
/** Sign-up is not what is measured: its calls (two password hashes) get a generous timeout. */
const SIGN_UP = { timeoutMs: 60_000 };

export interface BenchUser {
  index: number;
  account: string;
  token: string;
}

/** Signs one user up and in; throws with the call and the answer when a step is refused. */
export async function signUp(
  api: ApiClient,
  server: Pick<ServerProcess, 'codeFor'>,
  index: number,
  runId: string,
): Promise<BenchUser> {
  const account = `bench-${runId}-${index}@bench.example`;
  const codeSoon = server.codeFor(account);
  codeSoon.catch(() => undefined);
  need('notify/send_email', await api.post('notify/send_email', { to: account, type: 1 }, SIGN_UP));
  const code = await codeSoon;
  need(
    'user/register',
    await api.post(
      'user/register',
      {
        account,
        password: PASSWORD,
        re_password: PASSWORD,
        sms_code: code,
        type: 'email',
      },
      SIGN_UP,
    ),
  );
  const login = need(
    'user/login',
    await api.post('user/login', { account, password: PASSWORD, login_type: 'email' }, SIGN_UP),
  );
  if (typeof login !== 'string' || login === '')
    throw new Error(`user/login answered no token: ${String(login)}`);
  return { index, account, token: login };
}

function need(path: string, outcome: Outcome): unknown {
  if (outcome.kind === 'ok') return outcome.data;
  throw new Error(`${path} failed while signing up: ${JSON.stringify(outcome)}`);
}

/** A seeded generator (mulberry32), so a run's order flow can be repeated. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface OpenOrder {
  id: number;
  side: 'buy' | 'sell';
}

interface Quote {
  bid: number;
  ask: number;
}

/** The best bid and ask of a market/deal answer, or null when a side is empty. */
function quoteOf(data: unknown): Quote | null {
  const depth = (data as { depth?: { in?: Array<{ price?: unknown }>; out?: Array<{ price?: unknown }> } })
    ?.depth;
  const bid = Number(depth?.in?.[0]?.price);
  const ask = Number(depth?.out?.[0]?.price);
  return bid > 0 && ask > 0 ? { bid, ask } : null;
}

function priceText(price: number): string {
  return price.toFixed(2);
}

/**
 * One user's closed loop until `deadline` (performance.now()): each step is one call, `thinkMs`
 * apart. The quote is refreshed every few steps (market/deal), as a trade screen does.
 */
export async function trade(
  api: ApiClient,
  user: BenchUser,
  deadline: number,
  thinkMs: number,
  random: () => number,
): Promise<void> {
  const open: OpenOrder[] = [];
  let quote: Quote | null = null;
  let crossingBuy = random() < 0.5;
  const options = { token: user.token };
  for (let step = 0; performance.now() < deadline; step++) {
    await thinkTime(step, thinkMs, random);
    if (performance.now() >= deadline) break;
    if (quote === null || step % 6 === 0) {
      const deal = await api.get('market/deal', { currency_match_id: BENCH_PAIR.id });
      if (deal.kind === 'ok') quote = quoteOf(deal.data) ?? quote;
      continue;
    }
    const roll = random();
    if (open.length >= MAX_OPEN || (open.length > 0 && roll < 0.4)) {
      const order = open.shift()!;
      await api.post(order.side === 'buy' ? 'tx_in/cancel' : 'tx_out/cancel', { id: order.id }, options);
    } else if (roll < 0.75) {
      // A resting order 0.1 % to 1 % away from the best price on its side: it shows in the depth.
      const side = random() < 0.5 ? 'buy' : 'sell';
      const away = 0.001 + random() * 0.009;
      const price = side === 'buy' ? quote.bid * (1 - away) : quote.ask * (1 + away);
      const placed = await api.post(
        side === 'buy' ? 'tx_in/add' : 'tx_out/add',
        { currency_match_id: BENCH_PAIR.id, number: RESTING_NUMBER, price: priceText(price), type: 0 },
        options,
      );
      const id = placed.kind === 'ok' ? (placed.data as { id?: unknown }).id : undefined;
      if (typeof id === 'number') open.push({ id, side });
    } else if (roll < 0.93) {
      // A small limit order through the spread: it trades at once (a tape entry); buys and sells
      // alternate so the balances stay where they were. A remainder rests and is cancelled later.
      const side = crossingBuy ? 'buy' : 'sell';
      crossingBuy = !crossingBuy;
      const price = side === 'buy' ? quote.ask * 1.002 : quote.bid * 0.998;
      const placed = await api.post(
        side === 'buy' ? 'tx_in/add' : 'tx_out/add',
        { currency_match_id: BENCH_PAIR.id, number: CROSSING_NUMBER, price: priceText(price), type: 0 },
        options,
      );
      const data = placed.kind === 'ok' ? (placed.data as { id?: unknown; status?: unknown }) : undefined;
      // Still open (not filled at once): it is cancelled like a resting order.
      if (data && typeof data.id === 'number' && data.status === ORDER_STATUS_OPEN)
        open.push({ id: data.id, side });
    } else {
      await api.get(
        random() < 0.5 ? 'tx_in/list' : 'tx_out/list',
        { currency_match_id: BENCH_PAIR.id },
        options,
      );
    }
  }
}
