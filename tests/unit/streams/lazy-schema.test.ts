import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decodePayload } from '../../../src/streams/decode.ts';
import type { Frame } from '../../../src/streams/frame.ts';
import { lazySchema } from '../../../src/streams/lazy-schema.ts';

const schema = z.object({ type: z.literal('PING'), n: z.number() });

/** Frame schemas load with their chunk (issue 19): nothing may be lost or reordered meanwhile. */
describe('a lazy frame schema', () => {
  it('holds frames in order until it is loaded, then decodes them and, from then on, at once', async () => {
    let release: (value: typeof schema) => void = () => undefined;
    const lazy = lazySchema(() => new Promise<typeof schema>((resolve) => (release = resolve)));
    const frames = new Subject<Frame>();
    const seen: number[] = [];
    frames.pipe(decodePayload(lazy)).subscribe((frame) => seen.push(frame.n));
    frames.next({ type: 'PING', n: 1 });
    frames.next({ type: 'PING', n: 'bad' } as unknown as Frame);
    frames.next({ type: 'PING', n: 2 });
    expect(seen).toEqual([]);
    release(schema);
    await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen).toEqual([1, 2]);
    frames.next({ type: 'PING', n: 3 });
    expect(seen).toEqual([1, 2, 3]);
  });

  it('delivers the frames of a source that ended before the schema was in, then completes', async () => {
    let release: (value: typeof schema) => void = () => undefined;
    const lazy = lazySchema(() => new Promise<typeof schema>((resolve) => (release = resolve)));
    const frames = new Subject<Frame>();
    const seen: Array<number | 'done'> = [];
    frames.pipe(decodePayload(lazy)).subscribe({
      next: (frame) => seen.push(frame.n),
      complete: () => seen.push('done'),
    });
    frames.next({ type: 'PING', n: 1 });
    frames.complete();
    expect(seen).toEqual([]);
    release(schema);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen).toEqual([1, 'done']);
  });

  it('decodes at once with a loaded schema, drops what does not match, and stops when unsubscribed', () => {
    const frames = new Subject<Frame>();
    const seen: number[] = [];
    const subscription = frames.pipe(decodePayload(schema)).subscribe((frame) => seen.push(frame.n));
    frames.next({ type: 'PING', n: 1 });
    frames.next({ type: 'PONG', n: 2 } as unknown as Frame);
    frames.next({ type: 'PING', n: 3 });
    expect(seen).toEqual([1, 3]);
    subscription.unsubscribe();
    frames.next({ type: 'PING', n: 4 });
    expect(seen).toEqual([1, 3]);
    expect(frames.observed).toBe(false);
  });

  it('tries the load again after it failed', async () => {
    let calls = 0;
    const lazy = lazySchema(() =>
      ++calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(schema),
    );
    const frames = new Subject<Frame>();
    const errors: unknown[] = [];
    frames.pipe(decodePayload(lazy)).subscribe({ error: (error: unknown) => errors.push(error) });
    frames.next({ type: 'PING', n: 1 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(errors).toHaveLength(1);
    const seen: number[] = [];
    const again = new Subject<Frame>();
    again.pipe(decodePayload(lazy)).subscribe((frame) => seen.push(frame.n));
    again.next({ type: 'PING', n: 2 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen).toEqual([2]);
    expect(calls).toBe(2);
  });
});
