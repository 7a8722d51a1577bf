import { defer, from, shareReplay, type Observable } from 'rxjs';
import type { z } from 'zod';

/**
 * A schema that arrives with its own chunk: the socket's frame schemas are zod, and zod
 * is 25 KB of gzipped JavaScript that the first paint does not need. A stream decoding with a lazy
 * schema holds its frames, in order, until the schema is in, then decodes them; once loaded it
 * decodes synchronously, exactly like a schema imported up front (decode.ts).
 */
export interface LazySchema<S extends z.ZodType> {
  readonly kind: 'lazy-schema';
  /** Replays the loaded schema at once to every later subscriber; a failed load is tried again. */
  readonly schema$: Observable<S>;
}

export function lazySchema<S extends z.ZodType>(load: () => Promise<S>): LazySchema<S> {
  return { kind: 'lazy-schema', schema$: defer(() => from(load())).pipe(shareReplay(1)) };
}

export function isLazySchema<S extends z.ZodType>(schema: S | LazySchema<S>): schema is LazySchema<S> {
  return (schema as { kind?: unknown }).kind === 'lazy-schema';
}
