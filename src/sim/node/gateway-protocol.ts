import type { IncomingHttpHeaders } from 'node:http';

/**
 * The messages between the exchange process and its socket gateway process
 * (socket-gateway.ts and socket-gateway-process.ts). The gateway owns the WebSocket connections
 * (handshake, framing, heartbeats, the writes to every socket); the exchange keeps every decision
 * (who is signed in, who hears which channel, when a frame may leave) and names sockets by number.
 */

/** A socket's frames of one run of the exchange's code: each text once, with the sockets it goes to. */
export type FrameRun = [text: string, socketIds: number[]];

/** Exchange -> gateway. */
export type ToGateway =
  /** An upgrade request the exchange accepted; its TCP socket travels as the message's handle. */
  | {
      type: 'adopt';
      id: number;
      method: string;
      url: string;
      headers: IncomingHttpHeaders;
      /** Bytes the client sent after the request's head (usually none). */
      head: Uint8Array;
    }
  /** Frames to send, in this order (a socket's frames keep the order they were made in). */
  | { type: 'frames'; runs: FrameRun[] }
  /** Closes every socket with this close code (shutdown 1001, demo reset 1012). */
  | { type: 'closeAll'; code: number; reason: string };

/** Gateway -> exchange. */
export type FromGateway =
  /** The process is listening for messages. */
  | { type: 'ready' }
  /** The handshake of socket `id` is done: it may hear frames. */
  | { type: 'opened'; id: number }
  /** A text frame from socket `id`. */
  | { type: 'message'; id: number; text: string }
  /** Socket `id` is gone (closed, dead, refused at the handshake, or cut off for being too slow). */
  | { type: 'closed'; id: number; tooSlow: boolean }
  /** After `closeAll`: every socket is closed. */
  | { type: 'allClosed' };
