import type { Observable } from 'rxjs';
import type { ApiClient } from '../../api/client.ts';
import { createActors } from '../../machines/actors/index.ts';
import type { ChannelSource } from '../../streams/market.ts';
import type { AppQueries } from '../../streams/queries/index.ts';
import { alertMachines } from './alerts.ts';
import { tradingMachines } from './trading.ts';

/**
 * The features the trading screens run (spot, lever and micro, with the price alerts of the spot
 * screen), wired with every feature's actors before the other features' modules load: those
 * screens render once these are in (machines/deferred.ts `machinesReady(features)`), and the rest
 * of the machines are wired over the same actors and these same machines (index.ts).
 */
export function wireFirstFeatures(
  api: ApiClient,
  socket: ChannelSource,
  queries: AppQueries,
  signedIn$: Observable<boolean>,
) {
  const actors = createActors(api, socket);
  return {
    actors,
    trading: tradingMachines(actors, queries, signedIn$),
    alerts: alertMachines(actors),
  };
}

export type FirstFeatures = ReturnType<typeof wireFirstFeatures>;
