import type { ApiClient } from '../../api/client.ts';
import type { ChannelSource } from '../market.ts';
import { demoToolsQueries } from './demo-tools.ts';
import { earningsQueries } from './earnings.ts';
import { connectionQueries } from './connection.ts';
import { generalQueries } from './general.ts';
import { leverQueries } from './lever.ts';
import type { KeptQuotesStorage } from '../kept-quotes.ts';
import { marketQueries } from './markets.ts';
import { microQueries } from './micro.ts';
import { newsQueries } from './news.ts';
import { p2pQueries } from './p2p.ts';
import { personalQueries } from './personal.ts';
import { tradeQueries } from './trade.ts';
import { walletQueries } from './wallet.ts';

/**
 * Every feature's read-only loads and derived streams, built once by the composition root
 * (src/app). One entry per feature; a new feature adds its file here.
 */
export function createQueries(
  api: ApiClient,
  socket: ChannelSource,
  options: { keptQuotes?: KeptQuotesStorage } = {},
) {
  const markets = marketQueries(api, socket, options.keptQuotes);
  return {
    connection: connectionQueries(socket),
    demoTools: demoToolsQueries(api),
    earnings: earningsQueries(api, socket),
    general: generalQueries(api),
    lever: leverQueries(api, socket),
    markets,
    micro: microQueries(api, socket),
    news: newsQueries(api),
    p2p: p2pQueries(api, socket),
    personal: personalQueries(api),
    trade: tradeQueries(api, socket, markets.snapshot),
    wallet: walletQueries(api, socket),
  };
}

export type AppQueries = ReturnType<typeof createQueries>;
