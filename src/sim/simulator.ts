import type { Clock } from './clock.ts';
import type { Accounts } from './features/accounts/accounts.ts';
import { openAccounts } from './features/accounts/open-accounts.ts';
import { registerAccountRoutes } from './features/accounts/routes.ts';
import { registerContentRoutes } from './features/content-routes.ts';
import { Routes } from './routes.ts';
import { createSimServer, type MessageTable, type SimServer } from './server.ts';
import { SocketHub } from './socket-hub.ts';
import { EventStore } from './store/event-store.ts';

export interface SimulatorOptions {
  clock: Clock;
  messages: (lang: string) => Promise<MessageTable>;
  /**
   * The durable event log. Omitted: the IndexedDB database "tessera-sim" where there is IndexedDB,
   * else none (Node tests), and features keep their state in memory. null: in memory.
   */
  store?: EventStore | null;
}

export interface Simulator {
  server: SimServer;
  hub: SocketHub;
  accounts: Accounts;
}

/** Assembles the simulator's features behind one server. Runs in the worker and in Node tests. */
export async function createSimulator(options: SimulatorOptions): Promise<Simulator> {
  const routes = new Routes();
  const store =
    options.store !== undefined
      ? options.store
      : typeof indexedDB === 'undefined'
        ? null
        : new EventStore({ name: 'tessera-sim' });
  const accounts = await openAccounts({ store, clock: options.clock });
  // A socket's `login` frame makes it the token owner's, for private pushes (expired tokens: nobody's).
  const hub = new SocketHub((token) => accounts.userIdOf(token, options.clock.now()));
  registerContentRoutes(routes);
  registerAccountRoutes(routes, accounts);
  const server = createSimServer({ routes, hub, clock: options.clock, messages: options.messages });
  return { server, hub, accounts };
}
