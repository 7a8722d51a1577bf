import type { ApiClient } from '../../api/client.ts';
import type { ChannelSource } from '../market.ts';
import type { Ontology } from '../ontology.ts';
import { demoToolsQueries } from './demo-tools.ts';
import { earningsQueries } from './earnings.ts';
import { connectionQueries } from './connection.ts';
import { generalQueries } from './general.ts';
import { leverQueries } from './lever.ts';
import type { KeptQuotes, KeptQuotesStorage } from '../kept-quotes.ts';
import type { OpeningAnswers } from '../opening-answers.ts';
import type { QuotesState } from '../quotes-store.ts';
import { marketQueries } from './markets.ts';
import { microQueries } from './micro.ts';
import { newsQueries } from './news.ts';
import { p2pQueries } from './p2p.ts';
import { personalQueries } from './personal.ts';
import { tradeQueries } from './trade.ts';
import { walletQueries } from './wallet.ts';

/**
 * The data facade (ontology.ts, where every datum is listed), built once by the composition root
 * (src/app) from each feature's reads. One entry per feature; a new feature adds its file here and
 * its data to the ontology.
 */
export function createQueries(
  api: ApiClient,
  socket: ChannelSource,
  options: {
    keptQuotes?: KeptQuotesStorage;
    openingQuotes?: KeptQuotes | null;
    openingAnswers?: OpeningAnswers | null;
    liveQuotes?: QuotesState | null;
  } = {},
): Ontology {
  const markets = marketQueries(api, socket, options);
  return {
    connection: connectionQueries(socket),
    demoTools: demoToolsQueries(api),
    earnings: earningsQueries(api, socket),
    general: generalQueries(api),
    lever: leverQueries(api),
    markets,
    micro: microQueries(api),
    news: newsQueries(api, options.openingAnswers ?? null),
    p2p: p2pQueries(api, socket),
    personal: personalQueries(api),
    trade: tradeQueries(api, socket, markets.snapshot),
    wallet: walletQueries(api, socket),
  };
}

export type AppQueries = Ontology;
