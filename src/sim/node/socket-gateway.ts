import { fork, type ChildProcess } from 'node:child_process';
import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FrameTarget } from './frame-writer.ts';
import type { FromGateway, FrameRun, ToGateway } from './gateway-protocol.ts';
import { errorFields, type JsonLog } from './json-log.ts';
import { PONG_FRAME } from '../socket-hub.ts';

const ENTRY = join(dirname(fileURLToPath(import.meta.url)), 'socket-gateway-process.ts');
/** The TypeScript loader the server itself runs under (`npm run server` is tsx). */
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const START_TIMEOUT_MS = 30_000;

/** What the exchange does with one socket once its handshake is done. */
export interface GatewaySocket {
  receive(text: string): void;
  /** The socket is gone; `tooSlow`: the gateway cut it off for not reading its frames. */
  closed(tooSlow: boolean): void;
}

/**
 * The exchange's end of the socket gateway process (socket-gateway-process.ts), which owns every
 * WebSocket connection so that writing frames to thousands of sockets runs on the other core.
 * An accepted upgrade's TCP socket is handed over with `adopt`; frames written to a socket's target
 * within one run of the exchange's code go over in one message, each text once with the sockets it
 * goes to (a market frame costs the exchange one small message, not a write per socket).
 *
 * If the gateway process dies, its sockets are closed for the exchange (clients reconnect) and a new
 * one starts.
 */
export class SocketGateway {
  private child: ChildProcess;
  private nextId = 1;
  private readonly pending = new Map<number, (target: FrameTarget) => GatewaySocket>();
  private readonly open = new Map<number, GatewaySocket>();
  private runs: FrameRun[] = [];
  private closeWaiters: Array<() => void> = [];
  private stopping = false;

  private constructor(private readonly log: JsonLog) {
    this.child = this.spawn();
  }

  /** Starts the gateway process; resolves once it listens for messages. */
  static async start(log: JsonLog): Promise<SocketGateway> {
    const gateway = new SocketGateway(log);
    await gateway.ready();
    return gateway;
  }

  private spawn(): ChildProcess {
    const child = fork(ENTRY, [], {
      execArgv: ['--import', TSX_LOADER],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.on('message', (message: FromGateway) => this.onMessage(message));
    child.on('error', (error) => this.log.error('socket_gateway_error', errorFields(error)));
    child.on('exit', (code, signal) => {
      if (this.stopping) return;
      // Its sockets died with it: the exchange forgets them, and new ones go to a new gateway.
      this.log.error('socket_gateway_exited', { code, signal });
      for (const socket of this.open.values()) socket.closed(false);
      this.open.clear();
      this.pending.clear();
      this.runs = [];
      this.allClosed();
      this.child = this.spawn();
    });
    return child;
  }

  private ready(): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the socket gateway did not start')), START_TIMEOUT_MS);
      const onMessage = (message: FromGateway) => {
        if (message.type !== 'ready') return;
        clearTimeout(timer);
        this.child.off('message', onMessage);
        resolve();
      };
      this.child.on('message', onMessage);
      this.child.once('exit', () => reject(new Error('the socket gateway exited at start')));
    });
  }

  /**
   * Hands an accepted upgrade to the gateway; `open` runs once its handshake is done, with the
   * target its frames are written to.
   */
  adopt(
    request: IncomingMessage,
    socket: Socket,
    head: Buffer,
    open: (target: FrameTarget) => GatewaySocket,
  ): void {
    const id = this.nextId++;
    this.pending.set(id, open);
    const message: ToGateway = {
      type: 'adopt',
      id,
      method: request.method ?? 'GET',
      url: request.url ?? '/',
      headers: request.headers,
      head: new Uint8Array(head),
    };
    this.child.send(message, socket, (error) => {
      if (!error) return;
      this.pending.delete(id);
      socket.destroy();
    });
  }

  private onMessage(message: FromGateway): void {
    switch (message.type) {
      case 'opened': {
        const open = this.pending.get(message.id);
        if (!open) return;
        this.pending.delete(message.id);
        const id = message.id;
        this.open.set(id, open({ write: (text) => this.write(id, text) }));
        break;
      }
      case 'message':
        this.open.get(message.id)?.receive(message.text);
        break;
      case 'closed': {
        this.pending.delete(message.id);
        const socket = this.open.get(message.id);
        this.open.delete(message.id);
        socket?.closed(message.tooSlow);
        break;
      }
      case 'allClosed':
        this.allClosed();
        break;
    }
  }

  /**
   * Queues a frame; the queue goes over in one message at the end of this turn of the event loop
   * (setImmediate), not of this run of code: every message is a system call that wakes the gateway,
   * and a busy turn answers many requests, each with its own private frames.
   */
  private write(id: number, text: string): void {
    // The gateway answered the ping itself, as soon as it came (socket-gateway-process.ts).
    if (!this.open.has(id) || text === PONG_FRAME) return;
    const last = this.runs[this.runs.length - 1];
    // A public frame goes to every subscriber in one loop: one run, the text sent once.
    if (last?.[0] === text) {
      last[1].push(id);
      return;
    }
    if (this.runs.length === 0) setImmediate(() => this.flush());
    this.runs.push([text, [id]]);
  }

  private flush(): void {
    const runs = this.runs;
    this.runs = [];
    if (runs.length === 0 || !this.child.connected) return;
    this.send({ type: 'frames', runs });
  }

  private send(message: ToGateway): void {
    if (this.child.connected) this.child.send(message);
  }

  /** The gateway process's id (the tests stop it to see the exchange survive it). */
  pid(): number | undefined {
    return this.child.pid;
  }

  /** Sockets open now (past their handshake). */
  size(): number {
    return this.open.size;
  }

  /** Closes every socket with `code`; resolves once all are closed (the gateway waits at most 2 s). */
  closeAll(code: number, reason: string): Promise<void> {
    this.flush();
    const closed = new Promise<void>((resolve) => this.closeWaiters.push(resolve));
    if (this.child.connected) this.send({ type: 'closeAll', code, reason });
    else this.allClosed();
    return closed;
  }

  private allClosed(): void {
    const waiters = this.closeWaiters;
    this.closeWaiters = [];
    for (const resolve of waiters) resolve();
  }

  /** Stops the gateway process (after `closeAll`). */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    if (this.child.connected) this.child.disconnect();
    else this.child.kill();
    await exited;
  }
}
