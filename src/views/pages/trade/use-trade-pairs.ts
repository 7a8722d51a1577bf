import { LOADING, type Loadable } from '../../../streams/loadable.ts';
import type { TradePair } from '../../../streams/queries/trade-pairs.ts';
import { useServices } from '../../services-context.ts';
import { useObservable } from '../../use-observable.ts';

/** The pairs with their currency ids (market/currency_matches), loaded once per app. */
export function useTradePairs(): Loadable<readonly TradePair[]> {
  const { queries } = useServices();
  return useObservable<Loadable<readonly TradePair[]>>(queries.trade.pairs$, LOADING);
}
