import { useEffect, useState } from 'react';
import type { Observable } from 'rxjs';
import { LOADING, type Loadable, settledValue } from '../streams/loadable.ts';

/**
 * The latest state of a load (a query's Loadable stream). While a new source, or a new `attempt`
 * of the same one, has not answered yet it is LOADING, never the previous source's answer; a null
 * source stays LOADING. A source that is settled (an answer the page already has) is its value from
 * the first render on: a prerendered page hydrates with it, not with a skeleton.
 */
export function useLoadable<T>(source: Observable<Loadable<T>> | null, attempt = 0): Loadable<T> {
  const [state, setState] = useState<{
    source: Observable<Loadable<T>> | null;
    attempt: number;
    value: Loadable<T>;
  }>({ source: null, attempt, value: LOADING });
  const known = source === null ? undefined : settledValue(source);
  useEffect(() => {
    if (source === null) return undefined;
    const subscription = source.subscribe((value) => setState({ source, attempt, value }));
    return () => subscription.unsubscribe();
  }, [source, attempt]);
  if (known !== undefined) return known;
  return source !== null && state.source === source && state.attempt === attempt ? state.value : LOADING;
}
