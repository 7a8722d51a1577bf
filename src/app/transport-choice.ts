import { TransportError, type Transport } from '../api/transport.ts';
import { createSimTransport, type SimTransport } from '../api/transports/sim.ts';
import { readPref } from '../machines/local-prefs.ts';
import { rememberPageServer } from './page-server.ts';
import { serverBase, simPort } from './sim-port.ts';

/**
 * Which backend the app speaks to. `sim` is the default transport. A real server is chosen at run
 * time by storing its base URL in localStorage (`api_base`, and optionally `socket_url`), by the
 * server that sent the page (`npm run server -- --app` marks its pages: page-server.ts, and the
 * choice is remembered for visits painted from the service worker's cache), or at build time with
 * VITE_API_BASE. Kept apart from the services (services.ts) so the entry module can open the
 * backend before the app's libraries have loaded (the first live quote); the simulator's worker
 * is started only when no server is chosen.
 */
export function chooseTransport(): Transport {
  const page = rememberPageServer();
  const base = serverBase();
  if (!base) return exposeSimFaults(createSimTransport(simPort()));
  const socketUrl =
    readPref('socketUrl') ||
    (page?.base === base ? page.socketUrl : '') ||
    import.meta.env.VITE_SOCKET_URL ||
    base.replace(/^http/, 'ws').replace(/\/+$/, '') + '/socket';
  return lateHttpTransport(base, socketUrl);
}

/** Set to true by a test before the app loads (Playwright's addInitScript) to get the fault switch. */
declare global {
  var __TESSERA_FAULTS__: boolean | undefined;
  var tesseraFaults: { dropSocket(): void } | undefined;
}

/**
 * The simulator's fault switch, for browser tests and development only: `tesseraFaults.dropSocket()`
 * drops this tab's socket as a lost network would (api/transports/sim.ts `dropSockets`). It exists
 * in a development build, or when a test set `__TESSERA_FAULTS__` before the app loaded; a user's
 * page never has it. (On a real server a test cuts the WebSocket itself.)
 */
function exposeSimFaults(transport: SimTransport): Transport {
  if (import.meta.env.DEV || globalThis.__TESSERA_FAULTS__ === true)
    globalThis.tesseraFaults = { dropSocket: () => transport.dropSockets() };
  return transport;
}

/**
 * A real server's transport (api/transports/http.ts), whose module loads with the first call: the
 * simulator is the usual backend, so the first paint does not carry fetch code for a server. The
 * socket's URL and constructor are known at once; the socket opens with them as before.
 */
function lateHttpTransport(base: string, socketUrl: string): Transport {
  let http: Promise<Transport> | null = null;
  const load = () =>
    (http ??= import('../api/transports/http.ts').then(
      ({ createHttpTransport }) => createHttpTransport({ base, socketUrl }),
      () => {
        // Not loaded (the network): the call fails as a network failure would; the next one tries again.
        http = null;
        throw new TransportError('the server transport did not load', 'network');
      },
    ));
  return {
    name: 'http',
    socketUrl,
    WebSocketCtor: globalThis.WebSocket,
    request: async (request) => (await load()).request(request),
  };
}
