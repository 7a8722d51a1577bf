import { distinctUntilChanged, map, NEVER, type Observable, of } from 'rxjs';
import { connectionState$, isReachable } from './connection-state.ts';
import type { ChannelSource } from './market.ts';

/**
 * Every reconnect of the socket after a drop (socket.ts `reconnected$`): what a screen reloads on,
 * since whatever was pushed while the socket was away is lost. A source without a connection state
 * (a test's fake socket) never reconnects.
 */
export function reconnects$(source: ChannelSource): Observable<void> {
  return source.reconnected$ ?? NEVER;
}

/** Whether the backend can be reached, as it changes (connection-state.ts `isReachable`). */
export function reachable$(source: ChannelSource): Observable<boolean> {
  if (!source.link$) return of(true);
  return connectionState$(source.link$).pipe(map(isReachable), distinctUntilChanged());
}
