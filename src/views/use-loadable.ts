import { useEffect, useState } from 'react';
import type { Observable } from 'rxjs';
import { LOADING, type Loadable } from '../streams/loadable.ts';

/**
 * The latest state of a load (a query's Loadable stream). While a new source, or a new `attempt`
 * of the same one, has not answered yet it is LOADING, never the previous source's answer; a null
 * source stays LOADING.
 */
export function useLoadable<T>(source: Observable<Loadable<T>> | null, attempt = 0): Loadable<T> {
  const [state, setState] = useState<{
    source: Observable<Loadable<T>> | null;
    attempt: number;
    value: Loadable<T>;
  }>({ source: null, attempt, value: LOADING });
  useEffect(() => {
    if (source === null) return undefined;
    const subscription = source.subscribe((value) => setState({ source, attempt, value }));
    return () => subscription.unsubscribe();
  }, [source, attempt]);
  return source !== null && state.source === source && state.attempt === attempt ? state.value : LOADING;
}
