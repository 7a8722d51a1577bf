import { useMemo, type ReactNode } from 'react';
import type { AppMachines } from '../../app/machines/index.ts';
import { ServicesContext, useServices } from '../services-context.ts';

/**
 * The machines as a page that renders before them sees them: any feature read throws and says
 * which. A market page (routes.tsx `marketPage`) does not wait for the features' machines, so one
 * that used a machine would work whenever the machines happened to be in and fail when they were
 * late; here it fails every time, in every test that opens it.
 */
const NO_MACHINES = new Proxy({} as AppMachines, {
  get(_, feature) {
    // Not a feature: what a promise check or a debugger looks for.
    if (typeof feature === 'symbol' || feature === 'then') return undefined;
    throw new Error(
      `the ${String(feature)} machines were read by a market page, which does not wait for them`,
    );
  },
});

/** Hands its children the app's services without the features' machines. */
export function WithoutMachines({ children }: { children: ReactNode }) {
  const services = useServices();
  const shown = useMemo(() => ({ ...services, machines: NO_MACHINES }), [services]);
  return <ServicesContext.Provider value={shown}>{children}</ServicesContext.Provider>;
}
