import { createContext, useContext } from 'react';
import type { Services } from '../app/app-services.ts';

/** The app's services (src/app/app-services.ts), as the composition root hands them to views. */
export const ServicesContext = createContext<Services | null>(null);

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices outside ServicesContext');
  return services;
}
