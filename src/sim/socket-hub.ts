/**
 * The simulator's side of the live socket: one session per open socket, each with its channel
 * subscriptions and, after `login`, the user it belongs to. Public channels reach every subscriber;
 * private frames (TX_*, LEVER_*, MICRO_CLOSED) reach only the owner's sessions.
 */
export interface SocketSession {
  receive(text: string): void;
  close(): void;
}

/**
 * What a channel name may look like: an upper-case base (`DAY_MARKET`, `TX_SUBMIT`), optionally
 * followed by `.` and a pair symbol (`MARKET_DEPTH.BTC/USDT`). Anything else is refused, so a client
 * cannot park arbitrary strings in the server's memory.
 */
const CHANNEL_NAME = /^[A-Z][A-Z0-9_]{0,31}(?:\.[A-Z0-9]{1,12}\/[A-Z0-9]{1,12})?$/;
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
 * Acknowledgements as the family's servers send them (issue 18 item 5): `login_result` with the
 * envelope's codes (1 signed in, "999" no live session, 0 no token), `sub_result` with a message.
 */
export const LOGIN_OK_FRAME = '{"type":"login_result","code":1}';
export const LOGIN_EXPIRED_FRAME = '{"type":"login_result","code":"999"}';
export const LOGIN_REFUSED_FRAME = '{"type":"login_result","code":0}';
export const SUB_OK_FRAME = '{"type":"sub_result","msg":"ok"}';
export const SUB_UNKNOWN_FRAME = '{"type":"sub_result","msg":"unknown channel"}';
export const SUB_FULL_FRAME = '{"type":"sub_result","msg":"too many channels"}';

export class SocketHub {
  private readonly sessions = new Set<SessionState>();

  constructor(private readonly resolveToken: (token: string) => number | null) {}

  open(send: (text: string) => void): SocketSession {
    const state: SessionState = { send, channels: new Set(), userId: null, token: null };
    this.sessions.add(state);
    return {
      receive: (text) => this.receive(state, text),
      close: () => {
        this.sessions.delete(state);
      },
    };
  }

  private receive(state: SessionState, text: string): void {
    // A bare `ping` text is a ping too (issue 18: clients of this family ping plainly).
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
        state.userId = state.token === null ? null : this.resolveToken(state.token);
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
          state.channels.add(params);
          state.send(SUB_OK_FRAME);
        } else state.send(SUB_FULL_FRAME);
        break;
      case 'unsub':
        if (typeof params === 'string') state.channels.delete(params);
        break;
      case 'ping':
        this.ping(state);
        break;
    }
  }

  private ping(state: SessionState): void {
    // Expiry has no event: the ping (every 5 s) notices it even when no private frame goes out.
    this.stillSignedIn(state);
    state.send('{"type":"pong"}');
  }

  /** Sends a public frame to every session subscribed to `channel`. */
  publish(channel: string, frame: object): void {
    let text: string | null = null;
    for (const session of this.sessions) {
      if (!session.channels.has(channel)) continue;
      text ??= JSON.stringify(frame);
      session.send(text);
    }
  }

  /** Whether anyone listens: lets the market skip building frames nobody reads. */
  hasSubscribers(channel: string): boolean {
    for (const session of this.sessions) if (session.channels.has(channel)) return true;
    return false;
  }

  /** Sends a private frame to the owner's sessions subscribed to its channel. */
  publishTo(userId: number, channel: string, frame: object): void {
    const text = JSON.stringify(frame);
    for (const session of this.sessions) {
      if (session.userId === userId && session.channels.has(channel) && this.stillSignedIn(session)) {
        session.send(text);
      }
    }
  }

  /** Re-checks every signed-in socket now (after a logout or a password change ended sessions). */
  endStaleSessions(): void {
    for (const session of this.sessions) this.stillSignedIn(session);
  }

  private stillSignedIn(session: SessionState): boolean {
    if (session.userId === null) return false;
    if (session.token !== null && this.resolveToken(session.token) === session.userId) return true;
    this.endSession(session);
    return false;
  }

  private endSession(session: SessionState): void {
    session.userId = null;
    session.token = null;
    session.send(SESSION_ENDED_FRAME);
  }

  /** Channels held by all sessions together (bounded: sessions x MAX_CHANNELS_PER_SOCKET). */
  channelCount(): number {
    let count = 0;
    for (const session of this.sessions) count += session.channels.size;
    return count;
  }

  sessionCount(): number {
    return this.sessions.size;
  }
}
