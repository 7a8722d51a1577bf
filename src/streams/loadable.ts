import { catchError, defer, map, type Observable, of, shareReplay, startWith } from 'rxjs';

/**
 * The one shape of anything a page loads: still loading, failed (the page shows its failure state;
 * the client has already toasted what the server said), or ready with its data.
 */
export type Loadable<T> =
  | { readonly status: 'loading' }
  | { readonly status: 'failed' }
  | { readonly status: 'ready'; readonly data: T };

export const LOADING: Loadable<never> = { status: 'loading' };

/** A load as a stream of Loadable: loading, then ready or failed; one call per subscription. */
export function loadable<T>(load: () => Promise<T>): Observable<Loadable<T>> {
  return defer(load).pipe(
    map((data): Loadable<T> => ({ status: 'ready', data })),
    catchError(() => of<Loadable<T>>({ status: 'failed' })),
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
