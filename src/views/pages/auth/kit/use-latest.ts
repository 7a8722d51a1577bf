import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * The latest value, for machine actions provided once at mount: an actor keeps the logic it started
 * with, so its callbacks read the current navigate/translate functions through this ref.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
