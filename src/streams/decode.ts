import { concatMap, EMPTY, map, mergeMap, of, type Observable, type OperatorFunction } from 'rxjs';
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

function decodeFrame<S extends z.ZodType>(schema: S, frame: Frame): Observable<Stamped<z.output<S>>> {
  const result = schema.safeParse(frame);
  if (!result.success) {
    console.warn(`dropped a malformed ${frame.type} frame`, result.error.issues);
    return EMPTY;
  }
  return of({ value: result.data, seq: typeof frame.seq === 'number' ? frame.seq : null });
}

/**
 * The one decode-and-drop operator of every socket stream: keeps the frames that match `schema`,
 * decoded and stamped. A mismatch is a contract bug on the server's side: it is reported and
 * dropped, so one bad frame neither kills the stream nor reaches a view. A lazy schema
 * (lazy-schema.ts) holds the frames, in order, until it is loaded.
 */
export function decodeStamped<S extends z.ZodType>(
  schema: S | LazySchema<S>,
): OperatorFunction<Frame, Stamped<z.output<S>>> {
  if (!isLazySchema(schema)) return mergeMap((frame) => decodeFrame(schema, frame));
  return concatMap((frame) => schema.schema$.pipe(mergeMap((loaded) => decodeFrame(loaded, frame))));
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
