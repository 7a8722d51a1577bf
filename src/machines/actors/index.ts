import type { ApiClient } from '../../api/client.ts';
import type { ChannelSource } from '../../streams/market.ts';
import { spotActors } from './spot.ts';

/**
 * Every feature's API actors, built once by the composition root (src/app) and provided to the
 * machines by the views that run them, so tests inject their own. One entry per feature; a new
 * feature adds its file here.
 */
export function createActors(api: ApiClient, socket: ChannelSource) {
  return {
    spot: spotActors(api, socket),
  };
}

export type AppActors = ReturnType<typeof createActors>;
