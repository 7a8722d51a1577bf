import { useMemo, type ReactNode } from 'react';
import type { AppMachines } from '../../app/machines/index.ts';
import { ServicesContext, useServices } from '../services-context.ts';

/** The features a page runs: it waits for these alone (routes.tsx `page`). */
export type PageFeatures = ReadonlyArray<keyof AppMachines>;

/**
 * The machines as a page that waits for only some features sees them: any other feature read
 * throws and says which. Such a page renders as soon as its features are in, so one that read
 * another would work whenever the rest happened to be in and fail when they were late; here it
 * fails every time, in every test that opens it.
 */
function onlyThese(machines: AppMachines, features: PageFeatures): AppMachines {
  return new Proxy(machines, {
    get(target, feature, receiver) {
      // Not a feature: what a promise check or a debugger looks for.
      if (typeof feature === 'symbol' || feature === 'then') return undefined;
      if (!features.includes(feature as keyof AppMachines))
        throw new Error(`the ${feature} machines were read by a page that does not wait for them`);
      return Reflect.get(target, feature, receiver);
    },
  });
}

/** Hands its children the app's services with only the named features' machines. */
export function OnlyMachines({ features, children }: { features: PageFeatures; children: ReactNode }) {
  const services = useServices();
  const shown = useMemo(
    () => ({ ...services, machines: onlyThese(services.machines, features) }),
    [services, features],
  );
  return <ServicesContext.Provider value={shown}>{children}</ServicesContext.Provider>;
}
