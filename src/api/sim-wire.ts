import type { Envelope } from './envelope.ts';
import type { WireRequest } from './transport.ts';

/**
 * The postMessage protocol between the sim transport and the simulator worker. It carries the same
 * envelopes and socket frames as the network would (strings and plain data, nothing by reference).
 */
export type ToSim =
  | { kind: 'request'; id: number; request: WireRequest }
  | { kind: 'socket-open'; socketId: number }
  | { kind: 'socket-send'; socketId: number; text: string }
  | { kind: 'socket-close'; socketId: number };

export type FromSim =
  | { kind: 'response'; id: number; envelope: Envelope }
  | { kind: 'response-failed'; id: number; message: string }
  | { kind: 'socket-opened'; socketId: number }
  | { kind: 'socket-message'; socketId: number; text: string }
  | { kind: 'socket-closed'; socketId: number };
