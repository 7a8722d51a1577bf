import { type Observable, of, shareReplay } from 'rxjs';
import { connectionNews$, connectionState$, type ConnectionState } from '../connection-state.ts';
import type { ChannelSource } from '../market.ts';

/**
 * The socket's state as the header shows it (connection-state.ts), and the one command that goes
 * with it: try to reconnect now instead of waiting for the next scheduled try. A source without a
 * connection state (a test's fake socket) reads as live.
 */
export function connectionQueries(socket: ChannelSource) {
  const state$: Observable<ConnectionState> = socket.link$
    ? connectionState$(socket.link$).pipe(shareReplay({ bufferSize: 1, refCount: true }))
    : of({ kind: 'live' });
  return {
    state$,
    /** The changes a screen reader announces (connection-state.ts connectionNews$). */
    news$: connectionNews$(state$),
    retryNow: () => socket.retryNow?.(),
  };
}
