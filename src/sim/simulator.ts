import type { Clock } from './clock.ts';
import { registerContentRoutes } from './features/content-routes.ts';
import { Routes } from './routes.ts';
import { createSimServer, type MessageTable, type SimServer } from './server.ts';
import { SocketHub } from './socket-hub.ts';

export interface SimulatorOptions {
  clock: Clock;
  messages: (lang: string) => Promise<MessageTable>;
}

export interface Simulator {
  server: SimServer;
  hub: SocketHub;
}

/** Assembles the simulator's features behind one server. Runs in the worker and in Node tests. */
export async function createSimulator(options: SimulatorOptions): Promise<Simulator> {
  const routes = new Routes();
  // Accounts resolve tokens once their feature lands; until then no socket session is a user's.
  const hub = new SocketHub(() => null);
  registerContentRoutes(routes);
  const server = createSimServer({ routes, hub, clock: options.clock, messages: options.messages });
  return { server, hub };
}
