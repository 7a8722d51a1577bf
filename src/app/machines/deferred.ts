import type { Observable } from 'rxjs';
import type { ApiClient } from '../../api/client.ts';
import { deferred } from '../../machines/deferred.ts';
import type { ChannelSource } from '../../streams/market.ts';
import type { AppQueries } from '../../streams/queries/index.ts';
import { yieldToPage } from '../yield-to-page.ts';
import type { AppMachines } from './index.ts';

/**
 * The features' machine modules, each loaded and run (its machines created: XState builds each
 * machine's state nodes as its module runs) in a task of its own, the trading screens' first.
 * Loaded as one chunk, every machine of the app was created in one task: 200-330 ms under
 * Lighthouse's 4x slower CPU on /trade, the boot's longest task after the chart's (issue 27).
 */
const FEATURE_MODULES: ReadonlyArray<() => Promise<unknown>> = [
  () => import('./trading.ts'),
  () => import('./accounts.ts'),
  () => import('./wallet.ts'),
  () => import('./earnings.ts'),
  () => import('./p2p.ts'),
  () => import('./personal.ts'),
  () => import('./alerts.ts'),
  () => import('./demo.ts'),
];

async function loadInSlices(): Promise<typeof import('./index.ts')> {
  for (const load of FEATURE_MODULES) {
    await load();
    await yieldToPage();
  }
  return import('./index.ts');
}

/**
 * The app's wired machines, loaded beside the first render (machines/deferred.ts): the features'
 * actors and machines are not needed to paint the shell.
 */
export function deferWiredMachines(
  api: ApiClient,
  socket: ChannelSource,
  queries: AppQueries,
  signedIn$?: Observable<boolean>,
): AppMachines {
  return deferred(() =>
    loadInSlices().then(({ wireMachines }) => wireMachines(api, socket, queries, signedIn$)),
  );
}
