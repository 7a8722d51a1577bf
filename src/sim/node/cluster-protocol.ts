import type { ClientFacts } from '../client-facts.ts';
import type { Envelope } from '../../api/envelope.ts';
import type { FrameRun } from './gateway-protocol.ts';
import type { EncodedRequest } from './wire-payload.ts';

/**
 * What the roles of `npm run server -- --role gateway|core` say to each other over NATS
 * (DESIGN.md "Past one machine"). Gateways hold no exchange state: they send every call to the core
 * as a request and every socket's texts as messages, and write the frames the core sends back. The
 * core keeps every decision (who is signed in, who hears which channel), as in one process.
 * Every message is JSON.
 */

/** A call: request/reply, served by the core (one queue group, so one core answers each). */
export const COMMAND_SUBJECT = 'tessera.command';
/** An uploaded image by id (/uploads/<id>): request/reply, the core's store keeps them. */
export const IMAGE_SUBJECT = 'tessera.image';
/** Socket lifecycle and texts, gateway -> core, in order (one subject keeps one gateway's order). */
export const SOCKET_SUBJECT = 'tessera.socket';
/** The core's heartbeat: gateways answer /healthz from it and see a new core by its instance id. */
export const CORE_BEAT_SUBJECT = 'tessera.core.beat';
/** A gateway's heartbeat: the core forgets the sockets of a gateway it stopped hearing. */
export const GATEWAY_BEAT_SUBJECT = 'tessera.gateway.beat';
/** The queue group every core's command and socket subscriptions join. */
export const CORE_QUEUE = 'tessera-core';

/** Frames, core -> one gateway. */
export function framesSubject(gatewayId: string): string {
  return `tessera.frames.${gatewayId}`;
}

/** A gateway's id: letters, digits and dashes, so it is one token of a NATS subject. */
export const GATEWAY_ID = /^[A-Za-z0-9-]{1,64}$/;

/** How often each side beats, and how long the other waits before it counts the beater gone. */
export const CORE_BEAT_MS = 1_000;
export const CORE_SILENT_MS = 3_500;
/**
 * A standby is counted on longer: while it folds the log on taking over, its event loop is busy
 * and it beats neither as a standby nor yet as the leader.
 */
export const STANDBY_SILENT_MS = 10_000;
export const GATEWAY_BEAT_MS = 2_000;
export const GATEWAY_SILENT_MS = 10_000;

/** A call as it travels: the wire request (its files encoded, wire-payload.ts) and its client. */
export type CommandMessage = EncodedRequest & { client?: ClientFacts };

export type CommandReply = Envelope;

/** An image answer: found (its type and bytes in base64), or not. */
export type ImageReply = { found: false } | { found: true; type: string; base64: string };

/** Gateway -> core: a socket opened, said something, or closed. Socket ids are per gateway. */
export type SocketMessage =
  | { op: 'open'; gateway: string; id: number }
  | { op: 'text'; gateway: string; id: number; text: string }
  | { op: 'close'; gateway: string; id: number };

/**
 * Core -> gateway: frames to write (each text once with the sockets it goes to, in order), and
 * sockets to close because the core has no session for them (it restarted, or another core leads).
 */
export interface FramesMessage {
  runs: FrameRun[];
  close?: number[];
}

export interface CoreBeat {
  /** This core process's own id: a new leader means the sessions of the old one are gone. */
  instance: string;
  /** Whether it serves (holds the log's writer lock), or is a standby waiting for it. */
  leading: boolean;
  writable: boolean;
  reason?: string;
  /** Its last beat: it stops (gracefully); no takeover is to be waited for on its account. */
  leaving?: boolean;
}

export interface GatewayBeat {
  gateway: string;
}
