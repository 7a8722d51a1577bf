import { map, Observable, type OperatorFunction, type Subscription } from 'rxjs';
import type { z } from 'zod';
import type { Frame } from './frame.ts';
import { isLazySchema, type LazySchema } from './lazy-schema.ts';

/**
 * A decoded frame's value with the `seq` its frame was stamped with (the simulator's benchmark
 * storm stamps frames; otherwise null), so the benchmark can tell which frame reached the screen.
 */
export interface Stamped<T> {
  readonly value: T;
  readonly seq: number | null;
}

/** One frame decoded and stamped, or null when it does not match (reported, then dropped). */
function decodeFrame<S extends z.ZodType>(schema: S, frame: Frame): Stamped<z.output<S>> | null {
  const result = schema.safeParse(frame);
  if (!result.success) {
    console.warn(`dropped a malformed ${frame.type} frame`, result.error.issues);
    return null;
  }
  return { value: result.data, seq: typeof frame.seq === 'number' ? frame.seq : null };
}

/**
 * The one decode-and-drop operator of every socket stream: keeps the frames that match `schema`,
 * decoded and stamped. A mismatch is a contract bug on the server's side: it is reported and
 * dropped, so one bad frame neither kills the stream nor reaches a view. A lazy schema
 * (lazy-schema.ts) holds the frames, in order, until it is loaded; a failed load fails the stream.
 *
 * Each frame is decoded in the subscriber's own call, with no inner observable per frame: the
 * market's streams carry hundreds of frames a second, and a per-frame mergeMap (or concatMap over
 * the schema) allocated subscribers and subscriptions for every one of them.
 */
export function decodeStamped<S extends z.ZodType>(
  schema: S | LazySchema<S>,
): OperatorFunction<Frame, Stamped<z.output<S>>> {
  return (source) =>
    new Observable<Stamped<z.output<S>>>((subscriber) => {
      let loaded: S | null = isLazySchema(schema) ? null : schema;
      // Frames that came before a lazy schema was in, and whether the source ended meanwhile.
      const held: Frame[] = [];
      let ended = false;
      let loading: Subscription | null = null;
      const decode = (current: S, frame: Frame) => {
        const stamped = decodeFrame(current, frame);
        if (stamped) subscriber.next(stamped);
      };
      const load = (lazy: LazySchema<S>) => {
        loading = lazy.schema$.subscribe({
          next: (current) => {
            if (loaded) return;
            loaded = current;
            for (const frame of held.splice(0)) decode(current, frame);
            if (ended) subscriber.complete();
          },
          error: (error: unknown) => subscriber.error(error),
        });
      };
      const frames = source.subscribe({
        next: (frame) => {
          if (loaded) {
            decode(loaded, frame);
            return;
          }
          held.push(frame);
          if (loading === null && isLazySchema(schema)) load(schema);
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => {
          if (held.length === 0) subscriber.complete();
          else ended = true;
        },
      });
      return () => {
        frames.unsubscribe();
        (loading as Subscription | null)?.unsubscribe();
      };
    });
}

/** `decodeStamped` without the stamp, for streams nobody benchmarks. */
export function decodePayload<S extends z.ZodType>(
  schema: S | LazySchema<S>,
): OperatorFunction<Frame, z.output<S>> {
  return (source) =>
    source.pipe(
      decodeStamped(schema),
      map((stamped) => stamped.value),
    );
}
