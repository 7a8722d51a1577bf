import { map } from 'rxjs';
import { fromEventObservable, fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import { simClock$ } from '../../streams/balance-pushes.ts';
import type { ChannelSource } from '../../streams/market.ts';
import { otcOrderPushes$ } from '../../streams/otc-pushes.ts';
import { reachable$, reconnects$ } from '../../streams/reconnects.ts';
import type { AdSave } from '../p2p-ad-editor.machine.ts';
import type { OtcAdStatus } from '../../domain/contract-codes.ts';
import type { OrderCreate } from '../p2p-order-entry.machine.ts';
import type { P2pActInput, P2pOrderAnswer } from '../p2p-order.machine.ts';

/** The P2P machines' API actors (catalogue/otc.ts) and the party's OTC_ORDER pushes. */
export function p2pActors(api: ApiClient, socket: ChannelSource) {
  return {
    /** The order dialog (p2p-order-entry.machine.ts). */
    entry: {
      create: fromPromise<{ id: number }, OrderCreate>(async ({ input }) => {
        const order = await api.call('otc/order_create', input);
        return { id: order.id };
      }),
    },
    /** One order seen by one party (p2p-order.machine.ts). */
    order: {
      load: fromPromise<P2pOrderAnswer, { id: number }>(({ input }) =>
        api.call('otc/order', { id: input.id }, { quiet: true }),
      ),
      act: fromPromise<P2pOrderAnswer, P2pActInput>(({ input }) => {
        switch (input.action) {
          case 'pay':
            return api.call('otc/pay', { id: input.id, voucher: input.voucher });
          case 'cancel':
            return api.call('otc/cancel', { id: input.id });
          case 'release':
            return api.call('otc/release', { id: input.id });
          case 'delay':
            return api.call('otc/delay', { id: input.id });
          case 'dispute':
            return api.call('otc/dispute', { id: input.id, reason: input.reason });
        }
      }),
      pushes: fromEventObservable(() =>
        otcOrderPushes$(socket).pipe(map((frame) => ({ type: 'PUSH' as const, id: frame.id }))),
      ),
      reconnects: fromEventObservable(() =>
        reconnects$(socket).pipe(map(() => ({ type: 'RESYNC' as const }))),
      ),
      reachability: fromEventObservable(() =>
        reachable$(socket).pipe(map((reachable) => ({ type: 'REACHABLE' as const, reachable }))),
      ),
      serverClock: fromEventObservable(() =>
        simClock$(socket).pipe(
          map((frame) => ({ type: 'SERVER_NOW' as const, now: frame.now, speed: frame.speed })),
        ),
      ),
    },
    /** The ad editor (p2p-ad-editor.machine.ts): publish a new ad or save an edited one. */
    editor: {
      save: fromPromise<{ id: number }, AdSave>(async ({ input }) => {
        // A floating ad sends its margin and no price (the server prices it from the market).
        const terms = {
          ...(input.float_margin === '' ? { price: input.price } : { float_margin: input.float_margin }),
          min: input.min,
          max: input.max,
          pay_methods: input.pay_methods,
          pay_limit: input.pay_limit,
          remarks: input.remarks,
        };
        const ad =
          input.adId === null
            ? await api.call('otc/publish', {
                type: input.type,
                coin: input.coin,
                fiat: input.fiat,
                total: input.total,
                ...terms,
              })
            : await api.call('otc/edit_ad', { id: input.adId, ...terms });
        return { id: ad.id };
      }),
    },
    /** Open, pause, off shelf (p2p-ad-status.machine.ts). */
    adStatus: {
      setStatus: fromPromise<unknown, { id: number; status: OtcAdStatus }>(({ input }) =>
        api.call('otc/ad_status', input),
      ),
    },
  };
}

export type P2pActors = ReturnType<typeof p2pActors>;
