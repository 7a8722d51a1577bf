import { Observable, share, Subject } from 'rxjs';
import { channelOf, type ChannelName, type ClientMessage, type Frame } from './frame.ts';

/**
 * Ref-counted channel subscriptions. The spec subscribes on entering a page and unsubscribes on
 * leaving it, and one page often has several components on the same channel (the order book and
 * the price header both read MARKET_DEPTH). So the first observer of a channel sends `sub`, the
 * last one to leave sends `unsub`, and everyone in between shares that one server subscription.
 */
export interface ChannelRegistry {
  /** Frames of one channel. Never errors: socket drops are the connection's business. */
  channel(name: ChannelName): Observable<Frame>;
  /** Channels that have at least one observer, in subscription order: what a new socket needs. */
  live(): ChannelName[];
  /** Hands a server frame to the observers of its channel; a frame nobody watches is dropped. */
  dispatch(frame: Frame): void;
  /** Completes every observer. Observers that arrive later complete at once. */
  close(): void;
}

/**
 * `send` is called for every sub/unsub; it is the connection's job to drop them while no socket
 * is open (a new socket gets `live()` instead, so nothing has to be queued here).
 */
export function createChannelRegistry(send: (message: ClientMessage) => void): ChannelRegistry {
  // One Subject per channel with observers; its presence in the map is what "live" means.
  const routes = new Map<ChannelName, Subject<Frame>>();
  // One shared Observable per name, kept for the registry's life (there are a few dozen names at
  // most). Handing out a single instance is what lets share() do the counting: two instances for
  // one name would each send their own `sub`.
  const shared = new Map<ChannelName, Observable<Frame>>();
  let closed = false;

  function create(name: ChannelName): Observable<Frame> {
    return new Observable<Frame>((subscriber) => {
      if (closed) {
        subscriber.complete();
        return undefined;
      }
      const route = new Subject<Frame>();
      routes.set(name, route);
      send({ type: 'sub', params: name });
      const inner = route.subscribe(subscriber);
      return () => {
        inner.unsubscribe();
        routes.delete(name);
        if (!closed) send({ type: 'unsub', params: name });
      };
    }).pipe(
      // share() subscribes the source above for the first observer and unsubscribes it when the
      // count returns to zero: exactly one sub and one unsub per busy period of the channel.
      share(),
    );
  }

  return {
    channel(name) {
      let observable = shared.get(name);
      if (observable === undefined) {
        observable = create(name);
        shared.set(name, observable);
      }
      return observable;
    },
    live: () => [...routes.keys()],
    dispatch(frame) {
      const name = channelOf(frame);
      if (name !== null) routes.get(name)?.next(frame);
    },
    close() {
      closed = true;
      // Completing a route runs its teardown, which deletes it from the map: Map iteration
      // tolerates deleting entries as it goes.
      for (const route of routes.values()) route.complete();
      routes.clear();
    },
  };
}
