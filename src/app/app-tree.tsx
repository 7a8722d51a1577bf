import { StrictMode, type ReactNode } from 'react';
import type { NavigateFunction } from 'react-router-dom';
import type { Services } from './app-services.ts';
import { AppRoutes } from '../views/AppRoutes.tsx';
import { ServicesContext } from '../views/services-context.ts';

/**
 * The app's element tree under a router: the browser's (boot-app.tsx) or, at build time, a static
 * one at the page's address (prerender-page.tsx). Both render this one tree, so a prerendered page
 * hydrates against exactly what the browser renders.
 */
export function AppTree({
  services,
  onNavigator,
  router,
}: {
  services: Services;
  onNavigator: (navigate: NavigateFunction) => void;
  router: (routes: ReactNode) => ReactNode;
}) {
  return (
    <StrictMode>
      <ServicesContext.Provider value={services}>
        {router(<AppRoutes onNavigator={onNavigator} />)}
      </ServicesContext.Provider>
    </StrictMode>
  );
}
