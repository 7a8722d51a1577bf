import { NEVER, type Observable } from 'rxjs';
import type { ApiClient } from '../../api/client.ts';
import type { ChannelSource } from '../../streams/market.ts';
import type { AppQueries } from '../../streams/queries/index.ts';
import { accountsMachines } from './accounts.ts';
import { balanceFeeds } from './balance-feeds.ts';
import { demoMachines } from './demo.ts';
import { earningsMachines } from './earnings.ts';
import { p2pMachines } from './p2p.ts';
import { personalMachines } from './personal.ts';
import { wireFirstFeatures, type FirstFeatures } from './first-features.ts';
import { walletMachines } from './wallet.ts';

/**
 * Every machine a view runs, given its actors here and nowhere else (DESIGN.md: the app layer wires,
 * views render and send events): one provider per feature. A machine whose screen adds its own
 * actions (where a problem shows, where to go next) is a function of those actions.
 */
export function wireMachines(
  api: ApiClient,
  socket: ChannelSource,
  queries: AppQueries,
  /** Whether the session is signed in, now and at each change (without one: it never changes). */
  signedIn$: Observable<boolean> = NEVER,
  /** The trading screens' features, when they were wired before the rest (first-features.ts). */
  first: FirstFeatures = wireFirstFeatures(api, socket, queries, signedIn$),
) {
  const { actors, trading, alerts } = first;
  const feeds = balanceFeeds(queries);
  const accounts = accountsMachines(actors);
  return {
    accounts,
    alerts,
    demo: demoMachines(actors),
    earnings: earningsMachines(actors, feeds),
    p2p: p2pMachines(actors),
    personal: personalMachines(actors),
    trading,
    wallet: walletMachines(actors, feeds, accounts.sendCode),
  };
}

export type AppMachines = ReturnType<typeof wireMachines>;
