import type { ApiClient } from '../../api/client.ts';
import type { ChannelSource } from '../../streams/market.ts';
import type { AppActors } from './index.ts';

/**
 * Every feature's API actors, loaded beside the first render instead of before it (they
 * and what they import are not needed to paint the shell). Only lazily loaded views use actors (the
 * pages, the header's outbox and speed control, the replay panel), and each of them waits for
 * `actorsReady()` before it renders, as the pages wait for their text; the composition root starts
 * the load before the first render, so it runs beside the pages' own chunks.
 */
let pending: Promise<void> = Promise.resolve();

/** Resolves once the app's actors are built (at once where they were built eagerly: tests). */
export function actorsReady(): Promise<void> {
  return pending;
}

/**
 * Starts loading the actors and returns them. Reading a feature before they are in is a bug in
 * whichever view did not wait for `actorsReady()`, so it throws and names the feature.
 */
export function deferActors(api: ApiClient, socket: ChannelSource): AppActors {
  let built: AppActors | null = null;
  pending = import('./index.ts').then(({ createActors }) => {
    built = createActors(api, socket);
  });
  return new Proxy({} as AppActors, {
    get(_, feature) {
      if (built) return built[feature as keyof AppActors];
      // Not a feature: what a promise check or a debugger looks for.
      if (typeof feature === 'symbol' || feature === 'then') return undefined;
      throw new Error(`the ${feature} actors were used before they loaded`);
    },
  });
}
