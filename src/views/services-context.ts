import { createContext, useContext } from 'react';
import type { Actor } from 'xstate';
import type { Transport } from '../api/transport.ts';
import type { AppActors } from '../machines/actors/index.ts';
import type { InspectionBus } from '../machines/devtools/inspection.ts';
import type { sessionMachine } from '../machines/session.machine.ts';
import type { AppQueries } from '../streams/queries/index.ts';
import type { SocketConnection } from '../streams/socket.ts';
import type { ToastStore } from './toast/toast-store.ts';

/**
 * The long-lived objects of one app instance, built by src/app/services.ts and handed to views
 * through context. Views reach the backend only through `actors` (provided to machines) and
 * `queries` (streams of Loadable answers); they never call the API themselves.
 */
export interface Services {
  /** Which backend answers: the built-in simulator or a real server. */
  backend: Transport['name'];
  session: Actor<typeof sessionMachine>;
  toasts: ToastStore;
  /** The one live socket of this tab; channels are ref-counted per page. */
  socket: SocketConnection;
  /** Every feature's API actors, for the machines the views run. */
  actors: AppActors;
  /** Every feature's read-only loads and derived streams. */
  queries: AppQueries;
  /** The developer inspector's bus: every root actor a view runs is created with its `inspect`. */
  inspection?: InspectionBus;
}

export const ServicesContext = createContext<Services | null>(null);

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices outside ServicesContext');
  return services;
}
