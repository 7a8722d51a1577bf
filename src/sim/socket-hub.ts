/**
 * The simulator's side of the live socket: one session per open socket, each with its channel
 * subscriptions and, after `login`, the user it belongs to. Public channels reach every subscriber;
 * private frames (TX_*, LEVER_*, MICRO_CLOSED) reach only the owner's sessions.
 */
export interface SocketSession {
  receive(text: string): void;
  close(): void;
}

interface SessionState {
  send: (text: string) => void;
  channels: Set<string>;
  userId: number | null;
}

export class SocketHub {
  private readonly sessions = new Set<SessionState>();

  constructor(private readonly resolveToken: (token: string) => number | null) {}

  open(send: (text: string) => void): SocketSession {
    const state: SessionState = { send, channels: new Set(), userId: null };
    this.sessions.add(state);
    return {
      receive: (text) => this.receive(state, text),
      close: () => {
        this.sessions.delete(state);
      },
    };
  }

  private receive(state: SessionState, text: string): void {
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
        state.userId = typeof params === 'string' ? this.resolveToken(params) : null;
        break;
      case 'sub':
        if (typeof params === 'string') state.channels.add(params);
        break;
      case 'unsub':
        if (typeof params === 'string') state.channels.delete(params);
        break;
      case 'ping':
        state.send('{"type":"pong"}');
        break;
    }
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
      if (session.userId === userId && session.channels.has(channel)) session.send(text);
    }
  }

  sessionCount(): number {
    return this.sessions.size;
  }
}
