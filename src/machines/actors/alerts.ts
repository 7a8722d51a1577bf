import { fromEventObservable, fromPromise } from 'xstate';
import { map } from 'rxjs';
import type { ApiClient } from '../../api/client.ts';
import type { ALERT_FALLS, ALERT_RISES } from '../../domain/contract-codes.ts';
import type { ChannelSource } from '../../streams/market.ts';
import type { PriceAlert } from '../../streams/alert-pushes.ts';
import { priceAlertPushes$ } from '../../streams/alert-pushes.ts';
import { noticeSources$ } from '../../streams/notice-sources.ts';

export interface AlertRequest {
  pairId: number;
  direction: typeof ALERT_RISES | typeof ALERT_FALLS;
  price: string;
}

/** Price alerts (catalogue/alerts.ts) and the notification centre's sources, for their machines. */
export function alertActors(api: ApiClient, socket: ChannelSource) {
  return {
    list: fromPromise<PriceAlert[]>(() => api.call('alert/list', {})),
    add: fromPromise<PriceAlert, AlertRequest>(({ input }) =>
      api.call('alert/add', {
        currency_match_id: input.pairId,
        direction: input.direction,
        price: input.price,
      }),
    ),
    remove: fromPromise<unknown, { id: number }>(({ input }) => api.call('alert/delete', input)),
    /** The owner's fired alerts as FIRED events (the list then shows them fired). */
    fired: fromEventObservable(() =>
      priceAlertPushes$(socket).pipe(map((alert) => ({ type: 'FIRED' as const, alert }))),
    ),
    /** The notification centre's batches, as NOTICES events. */
    notices: fromEventObservable(() =>
      noticeSources$(api, socket, () => Date.now()).pipe(
        map((notices) => ({ type: 'NOTICES' as const, notices })),
      ),
    ),
  };
}
