import { fromEventObservable, fromPromise } from 'xstate';
import { map } from 'rxjs';
import type { ApiClient } from '../../api/client.ts';
import { ALERT_MOVES, type ALERT_FALLS, type ALERT_RISES } from '../../domain/contract-codes.ts';
import type { ChannelSource } from '../../streams/market.ts';
import type { PriceAlert } from '../../streams/alert-pushes.ts';
import { priceAlertPushes$ } from '../../streams/alert-pushes.ts';
import { noticeSources$ } from '../../streams/notice-sources.ts';

/** A price alert (a price) or a move alert (a percent and a window in minutes) to set. */
export type AlertRequest =
  | { pairId: number; direction: typeof ALERT_RISES | typeof ALERT_FALLS; price: string }
  | { pairId: number; direction: typeof ALERT_MOVES; percent: string; window: number };

/** Price alerts (catalogue/alerts.ts) and the notification centre's sources, for their machines. */
export function alertActors(api: ApiClient, socket: ChannelSource) {
  return {
    list: fromPromise<PriceAlert[]>(() => api.call('alert/list', {})),
    add: fromPromise<PriceAlert, AlertRequest>(({ input }) =>
      api.call(
        'alert/add',
        input.direction === ALERT_MOVES
          ? {
              currency_match_id: input.pairId,
              direction: input.direction,
              percent: input.percent,
              window: input.window,
            }
          : { currency_match_id: input.pairId, direction: input.direction, price: input.price },
      ),
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
