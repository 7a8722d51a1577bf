import { distinctUntilChanged, type Observable } from 'rxjs';
import type { z } from 'zod';
import type { leverClosedPush, leverTradePush } from '../api/catalogue/lever.ts';
import { decodePayload } from './decode.ts';
import { lazySchema } from './lazy-schema.ts';
import type { ChannelSource } from './market.ts';

/**
 * The owner's private lever pushes (only the logged-in owner hears them):
 *   LEVER_TRADE  { type, currency_match_id, currency_id, currency_code, hazard_rate, profits_all,
 *                  caution_money_all, origin_caution_money_all, trades_all: position[] }  one quote
 *                currency's account, one copy per pair held (tagged with it, alike otherwise)
 *   LEVER_CLOSED { type, id, ids, trades: position[] }  positions closed or orders cancelled, final state
 * Positions have the shape lever/my_trade answers; frames that do not match are dropped.
 */
export type LeverTradeFrame = z.output<typeof leverTradePush>;
export type LeverClosedFrame = z.output<typeof leverClosedPush>;

// With the lever catalogue's chunk, when a lever stream first decodes (not at start-up).
const lever = () => import('../api/catalogue/lever.ts');
const tradePush = lazySchema(() => lever().then((m) => m.leverTradePush));
const closedPush = lazySchema(() => lever().then((m) => m.leverClosedPush));

/**
 * The account pushes, each once: the copies of one push for the owner's other pairs (the family's
 * clients read only their pair's) say nothing new, so a copy equal to the last but for its pair
 * is dropped.
 */
export function leverTradePushes$(socket: ChannelSource): Observable<LeverTradeFrame> {
  return socket.channel('LEVER_TRADE').pipe(
    decodePayload(tradePush),
    distinctUntilChanged((last, next) => sameAccount(last, next)),
  );
}

function sameAccount(last: LeverTradeFrame, next: LeverTradeFrame): boolean {
  const { currency_match_id: _lastPair, ...lastAccount } = last;
  const { currency_match_id: _nextPair, ...nextAccount } = next;
  return JSON.stringify(lastAccount) === JSON.stringify(nextAccount);
}

export function leverClosedPushes$(socket: ChannelSource): Observable<LeverClosedFrame> {
  return socket.channel('LEVER_CLOSED').pipe(decodePayload(closedPush));
}
