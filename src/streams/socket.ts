import {
  asyncScheduler,
  BehaviorSubject,
  defer,
  distinctUntilChanged,
  EMPTY,
  filter,
  finalize,
  from,
  interval,
  map,
  merge,
  type Observable,
  race,
  repeat,
  retry,
  type SchedulerLike,
  Subject,
  Subscription,
  switchMap,
  take,
  tap,
  timer,
} from 'rxjs';
import { webSocket, type WebSocketSubject } from 'rxjs/webSocket';
import type { Transport } from '../api/transport.ts';
import { createChannelRegistry } from './channels.ts';
import { decodeFrame, type ChannelName, type ClientMessage, type Frame } from './frame.ts';

/** The server's frame for "the session this socket logged in with is over" (docs/api.md, Socket). */
export const SESSION_ENDED = 'session_ended';

/** Spec §7 "Live socket": ping every 5 s, reconnect interval 30 s. */
export const PING_MS = 5_000;
export const RECONNECT_MS = 30_000;

export type SocketStatus = 'connecting' | 'open' | 'closed';

/**
 * Where the connection stands, with what a person needs to read it: whether it is open, and after
 * a drop when the next try is due (`retryAt`, on the connection's scheduler clock: `Date.now()` in
 * the app) and how many tries in a row have failed since the socket was last open.
 */
export type SocketLink =
  | { readonly state: 'connecting' }
  | { readonly state: 'open' }
  | { readonly state: 'waiting'; readonly retryAt: number; readonly failures: number };

export interface SocketConnectionOptions {
  transport: Pick<Transport, 'socketUrl' | 'WebSocketCtor'>;
  /** The session token; null when logged out. */
  token$: Observable<string | null>;
  /** Drives ping and reconnect timers; tests pass a TestScheduler. */
  scheduler?: SchedulerLike;
  pingMs?: number;
  reconnectMs?: number;
}

export interface SocketConnection {
  /** Frames of one channel, ref-counted (see channels.ts). Survives reconnects; never errors. */
  channel(name: ChannelName): Observable<Frame>;
  /** The current state, replayed to each new observer. */
  readonly status$: Observable<SocketStatus>;
  /** The connection's state with its retry schedule (connection-state.ts reads it for the header). */
  readonly link$: Observable<SocketLink>;
  /**
   * Emits each time a socket opens after a drop, once its login and subs have been sent: whatever
   * was pushed while it was away is lost, so every screen reloads what it shows (DESIGN.md "Live
   * data says how live it is"). A new anonymous socket after a logout is not a reconnect.
   */
  readonly reconnected$: Observable<void>;
  /** Tries to connect now instead of waiting for the next scheduled try (no-op while open). */
  retryNow(): void;
  /**
   * The server ended the session this socket logged in with (`{type:"session_ended"}`: logout
   * elsewhere, a password change, expiry): emits that token. The socket is anonymous from then on.
   */
  readonly sessionEnded$: Observable<string>;
  /** Closes the socket for good: channels and status$ complete, no reconnect. */
  close(): void;
}

/**
 * The live socket. It connects as soon as it is created and stays up until close(): one per app.
 *
 * - On every open it sends `login` with the current token (if any), then `sub` for every channel
 *   that has observers, so a reconnect restores what the page was watching.
 * - A new token while open is sent as another `login`.
 * - Logging out (token -> null) reconnects at once instead of sending anything: the server has no
 *   "logout" frame, and only a fresh, anonymous socket stops the previous owner's private pushes
 *   (TX_*, LEVER_*, MICRO_CLOSED) from reaching this tab.
 * - A ping goes out every `pingMs` while open.
 * - After a drop (error) or a clean close (which COMPLETES an RxJS webSocket instead of erroring
 *   it, so `retry` alone would never fire) it reconnects after `reconnectMs`.
 * - sub/unsub while no socket is open are not sent (and not queued): the next open sends the
 *   channels that are live by then, which is all the server needs to know.
 */
export function createSocketConnection(options: SocketConnectionOptions): SocketConnection {
  const {
    transport,
    token$,
    scheduler = asyncScheduler,
    pingMs = PING_MS,
    reconnectMs = RECONNECT_MS,
  } = options;

  const status = new BehaviorSubject<SocketStatus>('connecting');
  const link = new BehaviorSubject<SocketLink>({ state: 'connecting' });
  const reconnected = new Subject<void>();
  const retryNow = new Subject<void>();
  // Set by a drop, cleared by the next open: what tells a reconnect from a first open.
  let droppedSinceOpen = false;
  // Tries in a row that ended without the socket staying open (a drop of an open socket counts 1).
  let failures = 0;
  const sessionEnded = new Subject<string>();
  // The token the open socket last logged in with (what a session_ended frame refers to).
  let loggedInAs: string | null = null;
  const token = new BehaviorSubject<string | null>(null);
  // The socket that is open right now, or null. Messages go only here.
  let wire: WebSocketSubject<Frame | null> | null = null;

  // Sending is only meaningful on an open socket: a WebSocketSubject that is not open buffers
  // messages and replays them on its next open, which would double the subs sent on open.
  const send = (message: ClientMessage): void => {
    wire?.next(message);
  };
  const registry = createChannelRegistry(send);

  const dropped = (): void => {
    wire = null;
    droppedSinceOpen = true;
    failures += 1;
    status.next('closed');
  };

  // The wait before the next try: the reconnect interval, cut short by retryNow().
  const nextTry = () => {
    link.next({ state: 'waiting', retryAt: scheduler.now() + reconnectMs, failures });
    return race(timer(reconnectMs, scheduler), retryNow.pipe(take(1)));
  };

  // One connection attempt. A fresh WebSocketSubject per attempt, because a reused one lets a
  // late error event of the previous socket reset the state of the current one.
  const attempt$ = defer(() => {
    const socket = webSocket<Frame | null>({
      url: transport.socketUrl,
      WebSocketCtor: transport.WebSocketCtor,
      deserializer: (event: MessageEvent<unknown>) => decodeFrame(event.data),
      openObserver: {
        next: () => {
          wire = socket;
          loggedInAs = null;
          status.next('open');
        },
      },
    });
    status.next('connecting');
    link.next({ state: 'connecting' });
    return socket.pipe(
      finalize(() => {
        if (wire === socket) wire = null;
      }),
    );
  }).pipe(
    filter((frame): frame is Frame => frame !== null),
    tap({ error: dropped, complete: dropped }),
    retry({ delay: nextTry }),
    repeat({ delay: nextTry }),
  );

  // A new session at start and after every logout; logging in keeps the socket (see above).
  const sessions$ = token.pipe(
    map((value) => value !== null),
    distinctUntilChanged(),
    filter((loggedIn, index) => index === 0 || !loggedIn),
    switchMap(() => attempt$),
  );

  // What an open socket sends, in this order: login, the live channels, then pings. merge()
  // subscribes its inputs in order and the first two emit synchronously, so the order holds.
  const outbound$ = status.pipe(
    distinctUntilChanged(),
    switchMap((now) =>
      now !== 'open'
        ? EMPTY
        : merge(
            token.pipe(
              filter((value): value is string => value !== null),
              tap((value) => (loggedInAs = value)),
              map((value): ClientMessage => ({ type: 'login', params: value })),
            ),
            defer(() => from(registry.live())).pipe(
              map((name): ClientMessage => ({ type: 'sub', params: name })),
            ),
            interval(pingMs, scheduler).pipe(map((): ClientMessage => ({ type: 'ping' }))),
          ),
    ),
  );

  // Order matters: the token mirror first (so the first session sees a token that token$ emits
  // synchronously), outbound$ before sessions$ (so it sees the first 'open').
  const running = new Subscription();
  running.add(token$.pipe(distinctUntilChanged()).subscribe((value) => token.next(value)));
  running.add(outbound$.subscribe(send));
  // A reconnect is announced on the next turn of the scheduler: 'open' is set inside the socket's
  // open handler, and RxJS's webSocket sends what was written there (login, subs) only after that
  // handler returns. So whoever reloads on reconnected$ does so with the subs already on the wire.
  running.add(
    status
      .pipe(
        distinctUntilChanged(),
        filter((now) => now === 'open'),
      )
      .subscribe(() => {
        failures = 0;
        link.next({ state: 'open' });
        if (droppedSinceOpen) {
          droppedSinceOpen = false;
          running.add(scheduler.schedule(() => reconnected.next()));
        }
      }),
  );
  running.add(
    sessions$.subscribe((frame) => {
      if (frame.type !== SESSION_ENDED) {
        registry.dispatch(frame);
        return;
      }
      if (loggedInAs !== null) sessionEnded.next(loggedInAs);
      loggedInAs = null;
    }),
  );

  return {
    channel: (name) => registry.channel(name),
    status$: status.pipe(distinctUntilChanged()),
    link$: link.asObservable(),
    reconnected$: reconnected.asObservable(),
    retryNow: () => retryNow.next(),
    sessionEnded$: sessionEnded.asObservable(),
    close() {
      sessionEnded.complete();
      reconnected.complete();
      running.unsubscribe();
      wire = null;
      registry.close();
      status.next('closed');
      status.complete();
      link.complete();
    },
  };
}
