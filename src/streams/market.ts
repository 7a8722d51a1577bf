import type { Observable } from 'rxjs';
import { decodePayload } from './decode.ts';
import { dayMarketFrame } from './lazy-payloads.ts';
import type { Quote } from './payloads.ts';
import type { SocketConnection } from './socket.ts';

/**
 * Market streams derived from the socket's channels. Each one is cold and ref-counted through its
 * channel: subscribing subscribes the channel on the server, and the last unsubscribe (leaving the
 * page) unsubscribes it. The trade screen's pair streams live in trade-feeds.ts.
 */
export type ChannelSource = Pick<SocketConnection, 'channel'> &
  /** The connection's state, where the source has one (the app's socket does; test fakes may not). */
  Partial<Pick<SocketConnection, 'link$' | 'reconnected$' | 'retryNow'>>;

/** Every pair's 24 h quote as it changes (DAY_MARKET). */
export function quotes$(connection: ChannelSource): Observable<Quote> {
  return connection.channel('DAY_MARKET').pipe(decodePayload(dayMarketFrame));
}
