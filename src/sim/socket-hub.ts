/**
 * The simulator's side of the live socket: one session per open socket, each with its channel
 * subscriptions and, after `login`, the user it belongs to. Public channels reach every subscriber;
 * private frames (TX_*, LEVER_*, MICRO_CLOSED) reach only the owner's sessions.
 */
export interface SocketSession {
  receive(text: string): void;
  close(): void;
}

/** The answer to a socket's ping: it tells nothing stored, so it needs no output commit. */
export const PONG_FRAME = '{"type":"pong"}';

/**
 * Whether a socket's text is a ping: `{"type":"ping"}`, or a bare `ping` (clients of this family
 * ping plainly). The socket gateway answers these itself (socket-gateway-process.ts).
 */
export function isPing(text: string): boolean {
  if (text === 'ping') return true;
  // Parsed whole, as the hub parses it: `{"type":"\u0070ing"}` is a ping too (a client's texts are few).
  try {
    const frame: unknown = JSON.parse(text);
    return typeof frame === 'object' && frame !== null && (frame as { type?: unknown }).type === 'ping';
  } catch {
    return false;
  }
}

/**
 * What a channel name may look like: an upper-case base (`DAY_MARKET`, `TX_SUBMIT`), optionally
 * followed by `.` and a pair symbol (`MARKET_DEPTH.BTC/USDT`) and then by `.` and a candle period
 * (`KLINE.BTC/USDT.5min`). Anything else is refused, so a client cannot park arbitrary strings in
 * the server's memory.
 */
const CHANNEL_NAME =
  /^[A-Z][A-Z0-9_]{0,31}(?:\.[A-Z0-9]{1,12}\/[A-Z0-9]{1,12}(?:\.[0-9]{1,2}(?:min|day|week|mon))?)?$/;
/** Channels one socket may hold at once (the app uses about ten: the quotes and one pair's three). */
export const MAX_CHANNELS_PER_SOCKET = 64;

export function isChannelName(name: unknown): name is string {
  return typeof name === 'string' && CHANNEL_NAME.test(name);
}

interface SessionState {
  send: (text: string) => void;
  channels: Set<string>;
  userId: number | null;
  /** The token of the last `login`, re-checked whenever private frames go out or sessions end. */
  token: string | null;
}

/**
 * Sent when the session a socket logged in with is over (logout, a password change, expiry) or a
 * `login` names no live session: the socket is anonymous from then on, and the client goes to login.
 */
export const SESSION_ENDED_FRAME = '{"type":"session_ended"}';

/**
 * Acknowledgements as the family's servers send them: `login_result` with the
 * envelope's codes (1 signed in, "999" no live session, 0 no token), `sub_result` with a message.
 */
export const LOGIN_OK_FRAME = '{"type":"login_result","code":1}';
export const LOGIN_EXPIRED_FRAME = '{"type":"login_result","code":"999"}';
export const LOGIN_REFUSED_FRAME = '{"type":"login_result","code":0}';
export const SUB_OK_FRAME = '{"type":"sub_result","msg":"ok"}';
export const SUB_UNKNOWN_FRAME = '{"type":"sub_result","msg":"unknown channel"}';
export const SUB_FULL_FRAME = '{"type":"sub_result","msg":"too many channels"}';

/**
 * Sessions are indexed by channel and by owner, so a frame costs what its subscribers cost, not a
 * pass over every open socket (2,000 sockets and thousands of frames a second). Each public frame is
 * serialised once, whatever its subscriber count.
 */
export class SocketHub {
  private readonly sessions = new Set<SessionState>();
  /** Sessions subscribed to each channel. */
  private readonly subscribers = new Map<string, Set<SessionState>>();
  /** Signed-in sessions of each user. */
  private readonly owned = new Map<number, Set<SessionState>>();

  constructor(private readonly resolveToken: (token: string) => number | null) {}

  open(send: (text: string) => void): SocketSession {
    const state: SessionState = { send, channels: new Set(), userId: null, token: null };
    this.sessions.add(state);
    return {
      receive: (text) => this.receive(state, text),
      close: () => {
        this.sessions.delete(state);
        for (const channel of state.channels) this.unsubscribe(state, channel);
        this.setOwner(state, null);
      },
    };
  }

  private receive(state: SessionState, text: string): void {
    if (text === 'ping') return this.ping(state);
    let frame: unknown;
    try {
      frame = JSON.parse(text);
    } catch {
      return; // a garbled client frame is dropped, like a real server would
    }
    if (typeof frame !== 'object' || frame === null) return;
    const { type, params } = frame as { type?: unknown; params?: unknown };
    switch (type) {
      case 'login':
        state.token = typeof params === 'string' && params !== '' ? params : null;
        this.setOwner(state, state.token === null ? null : this.resolveToken(state.token));
        if (state.token === null) state.send(LOGIN_REFUSED_FRAME);
        else if (state.userId === null) {
          state.send(LOGIN_EXPIRED_FRAME);
          this.endSession(state);
        } else state.send(LOGIN_OK_FRAME);
        break;
      case 'sub':
        // Malformed names and subscriptions beyond the cap are refused, as unknown channels are;
        // the answer never repeats the name that was sent.
        if (!isChannelName(params)) state.send(SUB_UNKNOWN_FRAME);
        else if (state.channels.has(params) || state.channels.size < MAX_CHANNELS_PER_SOCKET) {
          this.subscribe(state, params);
          state.send(SUB_OK_FRAME);
        } else state.send(SUB_FULL_FRAME);
        break;
      case 'unsub':
        if (typeof params === 'string') this.unsubscribe(state, params);
        break;
      case 'ping':
        this.ping(state);
        break;
    }
  }

  private subscribe(state: SessionState, channel: string): void {
    state.channels.add(channel);
    let set = this.subscribers.get(channel);
    if (!set) this.subscribers.set(channel, (set = new Set()));
    set.add(state);
  }

  private unsubscribe(state: SessionState, channel: string): void {
    if (!state.channels.delete(channel)) return;
    const set = this.subscribers.get(channel);
    if (!set) return;
    set.delete(state);
    if (set.size === 0) this.subscribers.delete(channel);
  }

  /** Moves a session to its (new) owner's index; null: signed out. */
  private setOwner(state: SessionState, userId: number | null): void {
    if (state.userId !== null && state.userId !== userId) {
      const set = this.owned.get(state.userId);
      set?.delete(state);
      if (set?.size === 0) this.owned.delete(state.userId);
    }
    state.userId = userId;
    if (userId === null) return;
    let set = this.owned.get(userId);
    if (!set) this.owned.set(userId, (set = new Set()));
    set.add(state);
  }

  private ping(state: SessionState): void {
    // Expiry has no event: the ping (every 5 s) notices it even when no private frame goes out.
    this.stillSignedIn(state);
    state.send(PONG_FRAME);
  }

  /** Sends a public frame to every session subscribed to `channel`. */
  publish(channel: string, frame: object): void {
    const set = this.subscribers.get(channel);
    if (!set) return;
    const text = JSON.stringify(frame);
    for (const session of set) session.send(text);
  }

  /** Whether anyone listens: lets the market skip building frames nobody reads. */
  hasSubscribers(channel: string): boolean {
    return (this.subscribers.get(channel)?.size ?? 0) > 0;
  }

  /**
   * Whether a private frame to `userId` on `channel` would reach anyone: a session of the user's holds
   * the channel. When it is false, publishTo sends nothing and changes nothing (sessions are
   * re-checked only where a frame would go), so a feature may skip building the frame: most users
   * hold no socket, and a signed-in page holds a few of the private channels only.
   */
  reaches(userId: number, channel: string): boolean {
    const owned = this.owned.get(userId);
    if (!owned) return false;
    for (const session of owned) if (session.channels.has(channel)) return true;
    return false;
  }

  /** Sends a private frame to the owner's sessions subscribed to its channel. */
  publishTo(userId: number, channel: string, frame: object): void {
    const owned = this.owned.get(userId);
    if (!owned) return;
    let text: string | null = null;
    // Sockets of one browser share its token: each distinct token is resolved once per frame.
    let lastToken: string | null = null;
    let lastOwner: number | null = null;
    // A session found signed out leaves this set while it is walked: Set iteration allows that.
    for (const session of owned) {
      if (!session.channels.has(channel)) continue;
      if (session.token !== lastToken || session.token === null) {
        lastToken = session.token;
        lastOwner = session.token === null ? null : this.resolveToken(session.token);
      }
      if (lastOwner !== session.userId) {
        this.endSession(session);
        continue;
      }
      text ??= JSON.stringify(frame);
      session.send(text);
    }
  }

  /** Re-checks every signed-in socket now (after a logout or a password change ended sessions). */
  endStaleSessions(): void {
    for (const set of this.owned.values()) for (const session of set) this.stillSignedIn(session);
  }

  private stillSignedIn(session: SessionState): boolean {
    if (session.userId === null) return false;
    if (session.token !== null && this.resolveToken(session.token) === session.userId) return true;
    this.endSession(session);
    return false;
  }

  private endSession(session: SessionState): void {
    this.setOwner(session, null);
    session.token = null;
    session.send(SESSION_ENDED_FRAME);
  }

  /** Channels held by all sessions together (bounded: sessions x MAX_CHANNELS_PER_SOCKET). */
  channelCount(): number {
    let count = 0;
    for (const set of this.subscribers.values()) count += set.size;
    return count;
  }

  sessionCount(): number {
    return this.sessions.size;
  }
}
