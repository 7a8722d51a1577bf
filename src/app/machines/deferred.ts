import { NEVER, type Observable } from 'rxjs';
import type { ApiClient } from '../../api/client.ts';
import { deferred } from '../../machines/deferred.ts';
import type { ChannelSource } from '../../streams/market.ts';
import type { AppQueries } from '../../streams/queries/index.ts';
import { yieldToPage } from '../yield-to-page.ts';
import type { AppMachines } from './index.ts';

/**
 * The features wired first (first-features.ts), with every feature's actors: the trading screens
 * run only these, and render once they are in instead of after all eight (issue 27: /trade waited
 * for the p2p, personal and earnings machines it never runs). A test keeps this list equal to what
 * first-features.ts wires.
 */
export const FIRST_FEATURES = ['trading', 'alerts'] as const satisfies ReadonlyArray<keyof AppMachines>;

/**
 * The modules of the first features, and every feature's actors, loaded and run a task each before
 * first-features.ts wires them: in one task, with the actors' fourteen modules, they were a long
 * task of their own on /trade.
 */
const FIRST_MODULES: ReadonlyArray<() => Promise<unknown>> = [
  () => import('./trading.ts'),
  () => import('./alerts.ts'),
  () => import('../../machines/actors/index.ts'),
];

/**
 * The other features' machine modules, each loaded and run (its machines created: XState builds
 * each machine's state nodes as its module runs) in a task of its own. Loaded as one chunk, every
 * machine of the app was created in one task: 200-330 ms under Lighthouse's 4x slower CPU on
 * /trade, the boot's longest task after the chart's (issue 27).
 */
const LATER_MODULES: ReadonlyArray<() => Promise<unknown>> = [
  () => import('./accounts.ts'),
  () => import('./wallet.ts'),
  () => import('./earnings.ts'),
  () => import('./p2p.ts'),
  () => import('./personal.ts'),
  () => import('./demo.ts'),
];

/**
 * The app's wired machines, loaded beside the first render (machines/deferred.ts): the features'
 * actors and machines are not needed to paint the shell. The trading screens' features come in
 * first, then the others, a module per task.
 */
export function deferWiredMachines(
  api: ApiClient,
  socket: ChannelSource,
  queries: AppQueries,
  signedIn$: Observable<boolean> = NEVER,
): AppMachines {
  const first = (async () => {
    for (const load of FIRST_MODULES) {
      await load();
      await yieldToPage();
    }
    const { wireFirstFeatures } = await import('./first-features.ts');
    return wireFirstFeatures(api, socket, queries, signedIn$);
  })();
  return deferred(
    () =>
      first.then(async (wired) => {
        for (const load of LATER_MODULES) {
          await yieldToPage();
          await load();
        }
        await yieldToPage();
        const { wireMachines } = await import('./index.ts');
        return wireMachines(api, socket, queries, signedIn$, wired);
      }),
    { features: FIRST_FEATURES, load: first },
  );
}
