import { openSimWorker, type SimPort } from '../api/transports/sim.ts';
import { readPref } from '../machines/local-prefs.ts';

/**
 * The real server's base URL when the app talks to one (chosen at run time by `api_base` in
 * localStorage, or at build time by VITE_API_BASE); undefined: the in-browser simulator.
 */
export function serverBase(): string | undefined {
  return readPref('apiBase') || import.meta.env.VITE_API_BASE || undefined;
}

let port: SimPort | null = null;

/**
 * The page's one connection to the simulator worker: the one the built page opened as it started
 * (vite.config.ts, earlySimWorker: the worker boots while this entry loads), or a new one. Taken
 * once, so a page never holds two ports to the exchange.
 */
export function simPort(): SimPort {
  if (port) return port;
  const early = globalThis as { __tesseraSimPort?: SimPort };
  port = early.__tesseraSimPort ?? openSimWorker();
  delete early.__tesseraSimPort;
  return port;
}
