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
import { LOADING, type Loadable } from './loadable.ts';

/**
 * A load that stays current: loaded once (loading, then ready or failed), then loaded again,
 * quietly, after every burst of `refresh$` (pushes). A refresh never shows "loading" again, and a
 * failed refresh keeps the last answer, so a page does not flicker while it follows the pushes.
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
      catchError(() => of<Loadable<T>>({ status: 'failed' })),
      startWith<Loadable<T>>(LOADING),
      map(keep),
    );
    const again = refresh$.pipe(
      debounceTime(burstMs),
      switchMap(() =>
        defer(() => load(true)).pipe(
          map((data): Loadable<T> => ({ status: 'ready', data })),
          catchError(() => of<Loadable<T>>(last.status === 'ready' ? last : { status: 'failed' })),
        ),
      ),
      map(keep),
    );
    return concat(first, again);
  });
}
