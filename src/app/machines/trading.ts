import { map, type Observable } from 'rxjs';
import { fromEventObservable, fromPromise } from 'xstate';
import { leverCloseProofMachine } from '../../machines/lever-close-proof.machine.ts';
import { pnlCardMachine, type DrawnCard, type PnlCardPicture } from '../../machines/pnl-card.machine.ts';
import { leverScreenWith } from '../../machines/lever-screen.machine.ts';
import { microScreenWith } from '../../machines/micro-screen.machine.ts';
import { tradeScreenWith } from '../../machines/trade-screen.machine.ts';
import type { AppActors } from '../../machines/actors/index.ts';
import type { AppQueries } from '../../streams/queries/index.ts';
import { copyCardImage, drawPnlCard, saveCardImage } from '../../views/components/pnl-card/draw-pnl-card.ts';
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
    /** The detail of a closed lever position: its proof (issue 32 item 6). */
    leverCloseProof: leverCloseProofMachine,
    /** A PnL card of a position or contract, drawn on a canvas, downloaded or copied (issue 32 item 5). */
    pnlCard: pnlCardMachine.provide({
      actors: {
        draw: fromPromise<DrawnCard, PnlCardPicture>(({ input }) => drawPnlCard(input)),
        copyImage: fromPromise<void, Blob>(({ input }) => copyCardImage(input)),
      },
      actions: { save: (_, { image, fileName }) => saveCardImage(image, fileName) },
    }),
  };
}
