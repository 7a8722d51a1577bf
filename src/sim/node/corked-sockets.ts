import type { Socket } from 'node:net';
import { textFrame } from './websocket-text-frame.ts';

/** About how long a slice of uncorking runs (see CorkedSockets). */
export const UNCORK_SLICE_MS = 4;

/**
 * How frames leave for sockets served in the exchange's own process (no socket gateway), when
 * thousands of sockets watch the same channels:
 *
 * - A frame's text becomes a whole WebSocket frame (header and UTF-8 bytes) once, not once per
 *   socket: the hub hands the very same string to every subscriber in one loop, so the last text
 *   and its frame are kept, and that one buffer is written to each TCP socket as it is. Through
 *   ws.send each socket cost a header of its own, two chunks to write and ws's own bookkeeping.
 * - A socket's writes within one run of the server's code go out in one system call: the first write
 *   corks the TCP socket and a microtask after that run uncorks every corked one. Each write is a
 *   system call that (on loopback) also does the reader's work, so a market tick that sends a socket
 *   its depth and its trades costs one call instead of two. A microtask, not setImmediate: the
 *   check phase comes after the poll phase, which on a busy server runs many requests first.
 * - The uncorking runs in slices of about UNCORK_SLICE_MS: a depth frame to 2,000 sockets is 2,000
 *   system calls, tens of milliseconds in which no request, ping or other frame was served. The
 *   sockets not yet reached stay corked until the next slice (setImmediate), and whatever is
 *   written to them meanwhile joins what they hold, so each socket's frames keep their order.
 */
export class CorkedSockets {
  /** Sockets uncorked between two looks at the clock. */
  private static readonly CHECK_EVERY = 16;
  private lastText: string | null = null;
  private lastFrame: Buffer = Buffer.alloc(0);
  private readonly corked = new Set<Socket>();
  private uncorking = false;

  constructor(
    /** How long one slice of uncorking may run before the event loop serves others. */
    private readonly sliceMs = UNCORK_SLICE_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The WebSocket text frame holding `text`, built once for a run of sends of the same text. */
  frameOf(text: string): Buffer {
    if (text !== this.lastText) {
      this.lastText = text;
      this.lastFrame = textFrame(text);
    }
    return this.lastFrame;
  }

  /** Holds the socket's writes until the current run of code (and its queued microtasks) ends. */
  cork(socket: Socket): void {
    if (this.corked.has(socket)) return;
    socket.cork();
    this.corked.add(socket);
    if (this.uncorking) return;
    this.uncorking = true;
    queueMicrotask(() => this.uncork());
  }

  private uncork(): void {
    this.uncorking = false;
    const started = this.now();
    let sinceCheck = 0;
    // A Set walked while its entries are deleted visits each remaining one once, in order.
    for (const socket of this.corked) {
      this.corked.delete(socket);
      socket.uncork();
      if (++sinceCheck < CorkedSockets.CHECK_EVERY) continue;
      sinceCheck = 0;
      if (this.corked.size > 0 && this.now() - started >= this.sliceMs) {
        this.uncorking = true;
        setImmediate(() => this.uncork());
        return;
      }
    }
  }
}
