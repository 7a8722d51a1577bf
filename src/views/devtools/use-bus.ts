import { useCallback, useSyncExternalStore } from 'react';
import type { InspectionBus } from '../../machines/devtools/inspection.ts';

/** The bus's version, re-read at most once per animation frame however busy the machines are. */
export function useBusVersion(bus: InspectionBus): number {
  const subscribe = useCallback(
    (notify: () => void) => {
      let frame = 0;
      const unsubscribe = bus.subscribe(() => {
        if (frame) return;
        frame = requestAnimationFrame(() => {
          frame = 0;
          notify();
        });
      });
      return () => {
        unsubscribe();
        if (frame) cancelAnimationFrame(frame);
      };
    },
    [bus],
  );
  const version = () => bus.version;
  // A prerendered /inspect (scripts/prerender) renders the bus as it is at build time: empty.
  return useSyncExternalStore(subscribe, version, version);
}
