import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { errorEnvelope } from '../../api/envelope.ts';
import type { SocketSession } from '../socket-hub.ts';
import {
  COMMAND_SUBJECT,
  CORE_BEAT_MS,
  CORE_BEAT_SUBJECT,
  CORE_QUEUE,
  framesSubject,
  GATEWAY_BEAT_SUBJECT,
  GATEWAY_ID,
  GATEWAY_SILENT_MS,
  IMAGE_SUBJECT,
  SOCKET_SUBJECT,
  type CommandMessage,
  type CoreBeat,
  type FramesMessage,
  type GatewayBeat,
  type ImageReply,
  type SocketMessage,
} from './cluster-protocol.ts';
import { FrameWriter } from './frame-writer.ts';
import type { FrameRun } from './gateway-protocol.ts';
import { errorFields, type JsonLog } from './json-log.ts';
import { jsonOf } from './nats-link.ts';
import type { NatsLinkState } from './nats-link-state.ts';
import type { NodeSimulator } from './node-simulator.ts';
import { decodeRequest } from './wire-payload.ts';

export interface CoreRoleOptions {
  nats: NatsConnection;
  /** Whether `nats` is connected now (nats-link-state.ts). */
  link?: NatsLinkState;
  /** The exchange this core runs (book, ledger, log). */
  node: NodeSimulator;
  log: JsonLog;
  /** As in one process (http-server.ts): answers and frames wait until what they tell is on disk. */
  durable?: () => Promise<void>;
  now: () => number;
  /** This process's id in its heartbeats (the one it beat with as a standby). */
  instance: string;
  /** Called once the store says another core holds the log now: this one must stop serving. */
  fenced: (reason: string) => void;
}

export interface CoreRole {
  /** The gateways' sockets this core holds a session for. */
  sockets(): number;
  /** Stops serving: no more commands are taken, the running ones are answered, sessions close. */
  stop(): Promise<void>;
}

interface GatewayState {
  sessions: Map<number, SocketSession>;
  heard: number;
  runs: FrameRun[];
  close: number[];
}

/**
 * `--role core`: the exchange, served over NATS to the gateways (cluster-protocol.ts). Calls come
 * as requests and are answered by the same SimServer as in one process, request ids and all, so a
 * gateway's retry of a call is answered from the request log, never run twice. Each gateway socket
 * gets a session of the core's socket hub; its frames go back to its gateway in one message per turn
 * of the event loop, each text once with the sockets it goes to.
 */
export function serveCore(options: CoreRoleOptions): CoreRole {
  const { nats, node, log } = options;
  const { instance } = options;
  let fenced = false;
  const gateways = new Map<string, GatewayState>();
  const frames = new FrameWriter(options.durable);
  const running = new Set<Promise<void>>();

  const gatewayOf = (id: string): GatewayState => {
    let state = gateways.get(id);
    if (!state) {
      state = { sessions: new Map(), heard: options.now(), runs: [], close: [] };
      gateways.set(id, state);
      log.info('gateway_seen', { gateway: id });
    }
    return state;
  };

  const flush = (id: string, state: GatewayState) => {
    const message: FramesMessage = {
      runs: state.runs,
      ...(state.close.length > 0 ? { close: state.close } : {}),
    };
    state.runs = [];
    state.close = [];
    if (message.runs.length > 0 || message.close) nats.publish(framesSubject(id), JSON.stringify(message));
  };
  const scheduled = (state: GatewayState) => state.runs.length > 0 || state.close.length > 0;
  const schedule = (id: string, state: GatewayState) => {
    if (!scheduled(state)) setImmediate(() => flush(id, state));
  };

  const write = (id: string, state: GatewayState, socket: number, text: string) => {
    if (!state.sessions.has(socket)) return;
    const last = state.runs[state.runs.length - 1];
    // A public frame goes to every subscriber in one loop: one run, the text sent once.
    if (last?.[0] === text) {
      last[1].push(socket);
      return;
    }
    schedule(id, state);
    state.runs.push([text, [socket]]);
  };

  const closeSessions = (state: GatewayState) => {
    for (const session of state.sessions.values()) session.close();
    state.sessions.clear();
  };

  const onSocket = (message: SocketMessage) => {
    if (!GATEWAY_ID.test(message.gateway) || !Number.isSafeInteger(message.id)) return;
    const state = gatewayOf(message.gateway);
    state.heard = options.now();
    const session = state.sessions.get(message.id);
    switch (message.op) {
      case 'open': {
        if (session) return;
        const socket = message.id;
        const target = { write: (text: string) => write(message.gateway, state, socket, text) };
        state.sessions.set(
          socket,
          node.simulator.server.openSocket((text) => frames.send(target, text)),
        );
        break;
      }
      case 'text':
        if (session) session.receive(String(message.text));
        else {
          // No session here (this core started after the socket opened): the gateway closes it and
          // the client reconnects and resyncs.
          schedule(message.gateway, state);
          state.close.push(message.id);
        }
        break;
      case 'close':
        session?.close();
        state.sessions.delete(message.id);
        break;
    }
  };

  // NATS delivers at most once: frames this core sent while its link was down are lost. Once it is
  // back every gateway socket's session ends and its gateway closes it: the client reconnects and
  // resyncs.
  options.link?.onChange((up) => {
    if (!up) return;
    for (const [id, state] of gateways) {
      if (state.sessions.size === 0) continue;
      log.warn('sessions_ended_after_nats_outage', { gateway: id, sockets: state.sessions.size });
      schedule(id, state);
      state.close.push(...state.sessions.keys());
      closeSessions(state);
    }
  });

  const subscriptions: Subscription[] = [
    nats.subscribe(COMMAND_SUBJECT, {
      queue: CORE_QUEUE,
      callback: (error, msg) => {
        if (error) return log.error('nats_subscription_failed', errorFields(error));
        const run = (async () => {
          let reply;
          try {
            const command = jsonOf<CommandMessage>(msg.data);
            reply = await node.simulator.server.handle(decodeRequest(command), command.client);
            await options.durable?.();
          } catch (failure) {
            log.error('command_failed', errorFields(failure));
            reply = errorEnvelope('internal error');
          }
          msg.respond(JSON.stringify(reply));
        })();
        running.add(run);
        void run.finally(() => running.delete(run));
      },
    }),
    nats.subscribe(IMAGE_SUBJECT, {
      queue: CORE_QUEUE,
      callback: (error, msg) => {
        if (error) return;
        void (async () => {
          let reply: ImageReply = { found: false };
          try {
            const { id } = jsonOf<{ id: string }>(msg.data);
            const image = typeof id === 'string' ? await node.store.get(id) : undefined;
            if (image)
              reply = { found: true, type: image.type, base64: Buffer.from(image.bytes).toString('base64') };
          } catch (failure) {
            log.error('image_failed', errorFields(failure));
          }
          msg.respond(JSON.stringify(reply));
        })();
      },
    }),
    nats.subscribe(SOCKET_SUBJECT, {
      queue: CORE_QUEUE,
      callback: (error, msg) => {
        if (error) return;
        try {
          onSocket(jsonOf<SocketMessage>(msg.data));
        } catch (failure) {
          log.warn('socket_message_dropped', errorFields(failure));
        }
      },
    }),
    nats.subscribe(GATEWAY_BEAT_SUBJECT, {
      callback: (error, msg) => {
        if (error) return;
        try {
          const beat = jsonOf<GatewayBeat>(msg.data);
          if (GATEWAY_ID.test(beat.gateway)) gatewayOf(beat.gateway).heard = options.now();
        } catch {
          // A garbled beat is not a beat.
        }
      },
    }),
  ];

  const beat = () => {
    const health = node.store.health?.() ?? { writable: true };
    if (!health.writable && (health.state === 'fenced' || health.state === 'diverged') && !fenced) {
      fenced = true;
      options.fenced(health.reason);
    }
    const message: CoreBeat = {
      instance,
      leading: !fenced,
      writable: health.writable,
      ...(health.writable ? {} : { reason: health.reason }),
    };
    nats.publish(CORE_BEAT_SUBJECT, JSON.stringify(message));
    // A gateway not heard for a while is gone (killed, or cut off): its sockets' sessions go too.
    for (const [id, state] of gateways) {
      if (options.now() - state.heard < GATEWAY_SILENT_MS) continue;
      log.warn('gateway_gone', { gateway: id, sockets: state.sessions.size });
      closeSessions(state);
      gateways.delete(id);
    }
  };
  beat();
  const beatTimer = setInterval(beat, CORE_BEAT_MS);

  return {
    sockets: () => [...gateways.values()].reduce((sum, state) => sum + state.sessions.size, 0),
    async stop() {
      clearInterval(beatTimer);
      nats.publish(
        CORE_BEAT_SUBJECT,
        JSON.stringify({ instance, leading: false, writable: false, leaving: true }),
      );
      for (const subscription of subscriptions) subscription.unsubscribe();
      await Promise.allSettled(running);
      for (const [id, state] of gateways) {
        flush(id, state);
        closeSessions(state);
      }
      await nats.flush().catch(() => undefined);
    },
  };
}

/**
 * A core waiting for the log's writer lock beats as a standby: gateways then know a takeover is
 * coming and hold a call that found no leader (no responders) instead of failing it at once.
 */
export function beatAsStandby(nats: NatsConnection, instance: string): { stop(): void } {
  const beat = () => {
    const message: CoreBeat = { instance, leading: false, writable: false, reason: 'standby' };
    nats.publish(CORE_BEAT_SUBJECT, JSON.stringify(message));
  };
  beat();
  const timer = setInterval(beat, CORE_BEAT_MS);
  return { stop: () => clearInterval(timer) };
}
