import type { Socket } from 'node:net';

/** One socket's way out: `write` sends a frame's bytes (or drops them on a closed or slow socket). */
export interface FrameTarget {
  socket: Socket;
  write(bytes: Buffer): void;
}

/**
 * How socket frames leave the server when thousands of sockets watch the same channels, and only
 * once what they tell is on disk:
 *
 * - A public frame's text is encoded to bytes once, not once per socket: the hub hands the very same
 *   string to every subscriber in one loop, so the last text and its bytes are kept.
 * - A socket's writes within one run of the server's code go out in one system call: the first write
 *   corks the TCP socket and a microtask after that run uncorks every corked one. Each write is a
 *   system call that (on loopback) also does the reader's work, so a market tick that sends a socket
 *   its depth and its trades costs one call instead of two. A microtask, not setImmediate: the
 *   check phase comes after the poll phase, which on a busy server runs many requests first.
 * - With `durable` (a store whose disk flush runs behind its commits), frames are held until
 *   everything stored before they were made is on disk (output commit), in the order they were
 *   made; when the flush fails they never go out (the server stops).
 */
export class FrameWriter {
  private lastText: string | null = null;
  private lastBytes: Buffer = Buffer.alloc(0);
  private readonly corked = new Set<Socket>();
  private uncorking = false;
  private held: Array<{ target: FrameTarget; bytes: Buffer }> = [];
  private released: Promise<void> = Promise.resolve();

  constructor(private readonly durable?: () => Promise<void>) {}

  send(target: FrameTarget, text: string): void {
    const bytes = this.bytesOf(text);
    if (!this.durable) return this.write(target, bytes);
    if (this.held.length === 0) queueMicrotask(() => this.release());
    this.held.push({ target, bytes });
  }

  /** The UTF-8 bytes of a frame's text, encoded once for a run of sends of the same text. */
  bytesOf(text: string): Buffer {
    if (text !== this.lastText) {
      this.lastText = text;
      this.lastBytes = Buffer.from(text, 'utf8');
    }
    return this.lastBytes;
  }

  /**
   * Sends the frames held so far once the store says they are durable, after earlier batches. The
   * store is asked now, not when the previous batch went out: asked in turn, each batch would wait
   * for a flush of its own after the previous one's, and the delays would add up.
   */
  private release(): void {
    const batch = this.held;
    this.held = [];
    const ready = this.durable!();
    this.released = Promise.all([this.released, ready]).then(
      () => {
        for (const { target, bytes } of batch) this.write(target, bytes);
      },
      // The flush failed: the server stops, and nothing it could not keep goes out.
      () => undefined,
    );
  }

  private write(target: FrameTarget, bytes: Buffer): void {
    this.cork(target.socket);
    target.write(bytes);
  }

  /** Holds the socket's writes until the current run of code (and its queued microtasks) ends. */
  private cork(socket: Socket): void {
    if (this.corked.has(socket)) return;
    socket.cork();
    this.corked.add(socket);
    if (this.uncorking) return;
    this.uncorking = true;
    queueMicrotask(() => this.uncork());
  }

  private uncork(): void {
    this.uncorking = false;
    const sockets = [...this.corked];
    this.corked.clear();
    for (const socket of sockets) socket.uncork();
  }
}
