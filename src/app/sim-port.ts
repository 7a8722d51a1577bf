import { openSimWorker, type SimPort } from '../api/transports/sim.ts';
import { readPref } from '../machines/local-prefs.ts';
import { pageServer } from './page-server.ts';

/**
 * The real server's base URL when the app talks to one (chosen at run time by `api_base` in
 * localStorage, by the server that sent the page (`npm run server -- --app`: page-server.ts), or at
 * build time by VITE_API_BASE, in that order); undefined: the in-browser simulator.
 */
export function serverBase(): string | undefined {
  return readPref('apiBase') || pageServer()?.base || import.meta.env.VITE_API_BASE || undefined;
}

let port: SimPort | null = null;

/**
 * The page's one connection to the simulator worker, opened on first use. (Opening it from an
 * inline script as the HTML parses was tried: on a loaded 2-core machine the worker's
 * boot then competes with the page's own and the first quote came about 100 ms later, not sooner.)
 */
export function simPort(): SimPort {
  port ??= openSimWorker();
  return port;
}
