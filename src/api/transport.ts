/**
 * One interface, two transports (DESIGN.md): `http` speaks fetch + WebSocket to a server, `sim`
 * speaks postMessage to the simulator worker. Both carry the same envelopes and socket frames.
 */
export interface WireRequest {
  method: 'GET' | 'POST';
  path: string;
  payload: Record<string, unknown>;
  headers: { lang: string; authorization: string };
  timeoutMs: number;
  /**
   * Exactly once (DESIGN.md): every mutating call (method POST) carries an id the client generated
   * (a UUID, at most 64 characters). The server records it with the call's answer, so the same
   * request sent again (a retry, or a replay after the simulator's leader tab changed) runs at most
   * once and is answered with its original answer. http sends it as the `x-request-id` header.
   */
  requestId?: string;
}

/** A transport-level failure: network down, timeout, HTTP 5xx, unreadable body. */
export class TransportError extends Error {
  constructor(
    message: string,
    readonly reason: 'network' | 'timeout' | 'server',
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

/** The subset of the WebSocket constructor RxJS's `webSocket` needs. */
export type WebSocketCtor = new (url: string, protocols?: string | string[]) => WebSocket;

export interface Transport {
  readonly name: 'http' | 'sim';
  /** Resolves with the raw decoded JSON body; rejects with TransportError. */
  request(request: WireRequest): Promise<unknown>;
  readonly socketUrl: string;
  readonly WebSocketCtor: WebSocketCtor;
}

export const REQUEST_TIMEOUT_MS = 20_000;
