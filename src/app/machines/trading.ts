import { map, type Observable } from 'rxjs';
import { fromEventObservable } from 'xstate';
import { leverScreenWith } from '../../machines/lever-screen.machine.ts';
import { microScreenWith } from '../../machines/micro-screen.machine.ts';
import { tradeScreenWith } from '../../machines/trade-screen.machine.ts';
import type { AppActors } from '../../machines/actors/index.ts';
import type { AppQueries } from '../../streams/queries/index.ts';
import { pairFeed } from './pair-feed.ts';

/**
 * The trading screens' machines, each with its form, list and push children wired, and the market
 * figures its rules follow (spot: the best bid and ask, and the last price its price band is
 * measured from; lever: the last price) as invoked feeds, and the session signing in or out.
 */
export function tradingMachines(actors: AppActors, queries: AppQueries, signedIn$: Observable<boolean>) {
  const session = fromEventObservable(() =>
    signedIn$.pipe(map((signedIn) => ({ type: 'SIGNED_IN' as const, signedIn }))),
  );
  return {
    spot: tradeScreenWith(actors.spot).provide({
      actors: {
        bestPrices: pairFeed((matchId) =>
          queries.trade.bestPrices$(matchId).pipe(map((best) => ({ type: 'BEST' as const, ...best }))),
        ),
        lastPrice: pairFeed((matchId) =>
          queries.trade.lastPrice$(matchId).pipe(map((price) => ({ type: 'LAST' as const, price }))),
        ),
        session,
      },
    }),
    lever: leverScreenWith(actors.lever).provide({
      actors: {
        lastPrice: pairFeed((matchId) =>
          queries.trade.lastPrice$(matchId).pipe(map((price) => ({ type: 'LAST' as const, price }))),
        ),
        session,
      },
    }),
    micro: microScreenWith(actors.micro).provide({ actors: { session } }),
  };
}
