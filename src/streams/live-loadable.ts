import {
  catchError,
  concat,
  debounceTime,
  defer,
  map,
  type Observable,
  of,
  startWith,
  switchMap,
} from 'rxjs';
import { afterFailure, LOADING, type Loadable } from './loadable.ts';

/**
 * A load that stays current: loaded once (loading, then ready or failed), then loaded again,
 * quietly, after every burst of `refresh$` (pushes, reconnects). A refresh never shows "loading"
 * again, and a failed refresh keeps the last answer and carries its error (loadable.ts
 * `afterFailure`), so a page does not flicker or blank while it follows the pushes.
 * `load(quiet)` is told whether the load is a refresh (which should not toast a failure).
 */
export function liveLoadable<T>(
  load: (quiet: boolean) => Promise<T>,
  refresh$: Observable<unknown>,
  burstMs = 150,
): Observable<Loadable<T>> {
  return defer(() => {
    let last: Loadable<T> = LOADING;
    const keep = (state: Loadable<T>) => {
      last = state;
      return state;
    };
    const first = defer(() => load(false)).pipe(
      map((data): Loadable<T> => ({ status: 'ready', data })),
      catchError((error: unknown) => of<Loadable<T>>({ status: 'failed', error })),
      startWith<Loadable<T>>(LOADING),
      map(keep),
    );
    const again = refresh$.pipe(
      debounceTime(burstMs),
      switchMap(() =>
        defer(() => load(true)).pipe(
          map((data): Loadable<T> => ({ status: 'ready', data })),
          catchError((error: unknown) => of(afterFailure(last, error))),
        ),
      ),
      map(keep),
    );
    return concat(first, again);
  });
}
