import type { Observable } from 'rxjs';
import type { ApiClient } from '../../api/client.ts';
import { deferred } from '../../machines/deferred.ts';
import type { ChannelSource } from '../../streams/market.ts';
import type { AppQueries } from '../../streams/queries/index.ts';
import type { AppMachines } from './index.ts';

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
    import('./index.ts').then(({ wireMachines }) => wireMachines(api, socket, queries, signedIn$)),
  );
}
