import type { ApiClient } from '../../api/client.ts';
import type { ChannelSource } from '../market.ts';
import { tradeQueries } from './trade.ts';

/**
 * Every feature's read-only loads and derived streams, built once by the composition root
 * (src/app). One entry per feature; a new feature adds its file here.
 */
export function createQueries(api: ApiClient, socket: ChannelSource) {
  return {
    trade: tradeQueries(api, socket),
  };
}

export type AppQueries = ReturnType<typeof createQueries>;
