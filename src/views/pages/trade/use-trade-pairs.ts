import { useEffect, useState } from 'react';
import type { AnswerOf } from '../../../api/catalogue.ts';
import { type Services, useServices } from '../../services-context.ts';

/** A pair as the trade screen needs it: the quotes table's fields plus the currencies' ids. */
export interface TradePair {
  readonly id: number;
  readonly symbol: string;
  readonly base: string;
  readonly quote: string;
  readonly baseCurrencyId: number;
  readonly quoteCurrencyId: number;
  readonly logo: string;
  readonly priceDecimals: number | undefined;
  readonly openChange: boolean;
}

export type TradePairsState =
  | { status: 'loading' | 'failed'; pairs: readonly TradePair[] }
  | { status: 'ready'; pairs: readonly TradePair[] };

function toPairs(groups: AnswerOf<'market/currency_matches'>): TradePair[] {
  return groups.flatMap((group) =>
    group.matches.map((match) => ({
      id: match.id,
      symbol: match.symbol,
      base: match.base_currency_code,
      quote: match.quote_currency_code,
      baseCurrencyId: match.base_currency_id,
      quoteCurrencyId: match.quote_currency_id,
      logo: match.base_currency.logo,
      priceDecimals: match.price_decimals,
      openChange: match.open_change === 1,
    })),
  );
}

/** One load per app instance: the pairs do not change while the app runs. A failure is retried. */
const loads = new WeakMap<Services, Promise<TradePair[]>>();

function load(services: Services): Promise<TradePair[]> {
  let pending = loads.get(services);
  if (!pending) {
    pending = services.api.call('market/currency_matches', {}, { quiet: true }).then(toPairs);
    pending.catch(() => loads.delete(services));
    loads.set(services, pending);
  }
  return pending;
}

/** The pairs with their currency ids (market/currency_matches), for balances and orders. */
export function useTradePairs(): TradePairsState {
  const services = useServices();
  const [state, setState] = useState<TradePairsState>({ status: 'loading', pairs: [] });
  useEffect(() => {
    let alive = true;
    load(services).then(
      (pairs) => alive && setState({ status: 'ready', pairs }),
      () => alive && setState({ status: 'failed', pairs: [] }),
    );
    return () => {
      alive = false;
    };
  }, [services]);
  return state;
}
