import { createContext, useContext } from 'react';
import type { Actor } from 'xstate';
import type { ApiClient } from '../api/client.ts';
import type { Transport } from '../api/transport.ts';
import type { sessionMachine } from '../machines/session.machine.ts';
import type { SocketConnection } from '../streams/socket.ts';
import type { ToastStore } from './toast/toast-store.ts';

/** The long-lived objects of one app instance, handed to views through context. */
export interface Services {
  transport: Transport;
  api: ApiClient;
  session: Actor<typeof sessionMachine>;
  toasts: ToastStore;
  /** The one live socket of this tab; channels are ref-counted per page. */
  socket: SocketConnection;
}

export const ServicesContext = createContext<Services | null>(null);

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices outside ServicesContext');
  return services;
}
