import { PONG_FRAME } from '../socket-hub.ts';

/** One socket's way out: `write` sends a frame's text (or drops it on a closed or slow socket). */
export interface FrameTarget {
  write(text: string): void;
}

/**
 * Frames leave the server only once what they tell is on disk: with `durable` (a store whose disk
 * flush runs behind its commits), frames are held until everything stored before they were made is
 * on disk (output commit), in the order they were made; when the flush fails they never go out (the
 * server stops). Without it they go out at once. A pong goes out at once either way: it tells
 * nothing stored, and held behind a flush it would read as a slow connection to the client.
 */
export class FrameWriter {
  private held: Array<{ target: FrameTarget; text: string }> = [];
  private released: Promise<void> = Promise.resolve();

  constructor(private readonly durable?: () => Promise<void>) {}

  send(target: FrameTarget, text: string): void {
    if (!this.durable || text === PONG_FRAME) return target.write(text);
    if (this.held.length === 0) queueMicrotask(() => this.release());
    this.held.push({ target, text });
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
        for (const { target, text } of batch) target.write(text);
      },
      // The flush failed: the server stops, and nothing it could not keep goes out.
      () => undefined,
    );
  }
}
