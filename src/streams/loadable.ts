import { catchError, defer, map, type Observable, of, shareReplay, startWith } from 'rxjs';

/**
 * The one shape of anything a page loads (dYdX v4-web's Loadable is the model): still loading,
 * failed, or ready with its data. It never drops what it had: a load that runs again keeps the last
 * data in `data` while it is loading or after it failed, and a failure carries its `error` (the
 * client has already toasted what the server said). A refresh that fails after an answer stays
 * `ready` with that answer and says why in `error`, so a panel keeps showing it and can say it is
 * not current.
 */
export type Loadable<T> =
  | { readonly status: 'loading'; readonly data?: T }
  | { readonly status: 'failed'; readonly error: unknown; readonly data?: T }
  | { readonly status: 'ready'; readonly data: T; readonly error?: unknown };

export const LOADING: Loadable<never> = { status: 'loading' };

/** What a Loadable has to show, whatever its status: its data, or undefined before any. */
export function dataOf<T>(state: Loadable<T>): T | undefined {
  return state.data;
}

/** The state after a failed load: the last data kept (a ready one stays ready), the error carried. */
export function afterFailure<T>(last: Loadable<T>, error: unknown): Loadable<T> {
  if (last.status === 'ready') return { status: 'ready', data: last.data, error };
  return last.data === undefined ? { status: 'failed', error } : { status: 'failed', error, data: last.data };
}

/** The streams known to be ready already, with their one value (settled). */
const SETTLED = new WeakMap<Observable<Loadable<unknown>>, Loadable<unknown>>();

/**
 * A stream that is ready from the start with `data` and never changes: an answer the page already
 * has (a prerendered page's, streams/opening-answers.ts). A reader can take its value at once,
 * without subscribing (settledValue), so the first render shows it rather than a skeleton.
 */
export function settled<T>(data: T): Observable<Loadable<T>> {
  const value: Loadable<T> = { status: 'ready', data };
  const stream = of(value);
  SETTLED.set(stream, value);
  return stream;
}

/** The one value of a stream made by `settled`, or undefined for any other stream. */
export function settledValue<T>(source: Observable<Loadable<T>>): Loadable<T> | undefined {
  return SETTLED.get(source) as Loadable<T> | undefined;
}

/** A load as a stream of Loadable: loading, then ready or failed; one call per subscription. */
export function loadable<T>(load: () => Promise<T>): Observable<Loadable<T>> {
  return defer(load).pipe(
    map((data): Loadable<T> => ({ status: 'ready', data })),
    catchError((error: unknown) => of<Loadable<T>>({ status: 'failed', error })),
    startWith<Loadable<T>>(LOADING),
  );
}

/**
 * A load made once and shared by every subscriber for as long as the app runs (answers that do not
 * change while it runs: pairs, areas, settings). A failure is not kept: the next subscriber after
 * it tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): Observable<Loadable<T>> {
  let shared: Observable<Loadable<T>> | null = null;
  return defer(() => {
    shared ??= loadable(load).pipe(shareReplay({ bufferSize: 1, refCount: false }));
    const current = shared;
    return current.pipe(
      map((state) => {
        if (state.status === 'failed' && shared === current) shared = null;
        return state;
      }),
    );
  });
}
