import { useEffect, useRef, useState } from 'react';

/**
 * `value`, passed on at most once every `ms`: the first change at once, later ones at the end of
 * the wait (only the latest). The micro chart's marks follow the countdown with it, so the chart
 * redraws at most once a second however often the clock moves.
 */
export function useThrottled<T>(value: T, ms: number): T {
  const [shown, setShown] = useState(value);
  const latest = useRef(value);
  const passed = useRef(value);
  const timer = useRef(0);

  useEffect(() => {
    latest.current = value;
    if (timer.current !== 0) return;
    const pass = () => {
      passed.current = latest.current;
      setShown(latest.current);
      timer.current = window.setTimeout(() => {
        timer.current = 0;
        if (latest.current !== passed.current) pass();
      }, ms);
    };
    if (value !== passed.current) pass();
  }, [value, ms]);

  useEffect(
    () => () => {
      if (timer.current !== 0) clearTimeout(timer.current);
      timer.current = 0;
    },
    [],
  );
  return shown;
}
