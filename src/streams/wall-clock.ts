/**
 * The wall clock for labels that depend on the date, such as a time zone's UTC offset (which
 * daylight-saving time changes): read here, once a minute, so views never call Date.now().
 */
export interface WallClock {
  /** The time of the latest tick, ms. */
  get(): number;
  /** Calls `listener` on every tick while subscribed; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export function createWallClock(now: () => number = () => Date.now(), everyMs = 60_000): WallClock {
  const listeners = new Set<() => void>();
  let value = now();
  let timer: ReturnType<typeof setInterval> | null = null;
  return {
    get: () => value,
    subscribe(listener) {
      listeners.add(listener);
      if (timer === null) {
        value = now();
        timer = setInterval(() => {
          value = now();
          for (const each of listeners) each();
        }, everyMs);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && timer !== null) {
          clearInterval(timer);
          timer = null;
        }
      };
    },
  };
}

/** The app's minute clock. */
export const minuteClock: WallClock = createWallClock();
