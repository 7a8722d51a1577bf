import { demoSkipMachine } from '../../machines/demo-skip.machine.ts';
import { earningsBuyMachine } from '../../machines/earnings-buy.machine.ts';
import { earningsRedeemMachine } from '../../machines/earnings-redeem.machine.ts';
import type { AppActors } from '../../machines/actors/index.ts';
import type { BalanceFeeds } from './balance-feeds.ts';

/** The earnings page's machines: buy (following the financial account's balance), redeem, skip a day. */
export function earningsMachines(actors: AppActors, feeds: BalanceFeeds) {
  return {
    buy: earningsBuyMachine.provide({
      actors: { buy: actors.earnings.buy, balanceFeed: feeds.of('financial', 'balance') },
    }),
    redeem: earningsRedeemMachine.provide({ actors: { redeem: actors.earnings.redeem } }),
    skipDay: demoSkipMachine.provide({ actors: { skip: actors.earnings.skipDay } }),
  };
}
