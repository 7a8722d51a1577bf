import { interval, merge, type Observable } from 'rxjs';
import type { AnswerOf, PayloadOf } from '../../api/catalogue.ts';
import type { ApiClient } from '../../api/client.ts';
import { balancePushes$ } from '../balance-pushes.ts';
import { liveLoadable } from '../live-loadable.ts';
import type { Loadable } from '../loadable.ts';
import type { ChannelSource } from '../market.ts';
import { otcOrderPushes$ } from '../otc-pushes.ts';
import { reconnects$ } from '../reconnects.ts';

export type OtcAdsPage = AnswerOf<'otc/ads'>;
export type OtcAd = OtcAdsPage['data'][number];
export type OtcOrdersPage = AnswerOf<'otc/orders'>;
export type OtcMyAdsPage = AnswerOf<'otc/my_ads'>;
export type OtcMerchant = AnswerOf<'otc/shop'>;
export type OtcAdsFilter = Omit<PayloadOf<'otc/ads'>, 'limit'>;
export type OtcOrdersFilter = { side?: number; group?: number; page: number };

export const P2P_PAGE_SIZE = 10;
/** Other users' orders change the hall too, and nobody pushes those: it refreshes this often. */
export const HALL_REFRESH_MS = 10_000;

/**
 * The P2P reads. Lists follow the party's OTC_ORDER pushes (and legal BALANCE pushes, and every
 * reconnect of the socket), so an order changed by the other side, the clock or the arbiter shows without polling; the public
 * hall also refreshes on a slow timer.
 */
export function p2pQueries(api: ApiClient, socket: ChannelSource) {
  // A reconnect too: what was pushed while the socket was away is lost.
  const mine$ = () => merge(otcOrderPushes$(socket), balancePushes$(socket), reconnects$(socket));
  return {
    ads$: (filter: OtcAdsFilter, signedIn: boolean): Observable<Loadable<OtcAdsPage>> =>
      liveLoadable(
        (quiet) => api.call('otc/ads', { ...filter, limit: P2P_PAGE_SIZE }, { quiet }),
        signedIn ? merge(mine$(), interval(HALL_REFRESH_MS)) : interval(HALL_REFRESH_MS),
      ),
    orders$: (filter: OtcOrdersFilter): Observable<Loadable<OtcOrdersPage>> =>
      liveLoadable(
        (quiet) => api.call('otc/orders', { ...filter, limit: P2P_PAGE_SIZE }, { quiet }),
        mine$(),
      ),
    shopOrders$: (filter: OtcOrdersFilter): Observable<Loadable<OtcOrdersPage>> =>
      liveLoadable(
        (quiet) => api.call('otc/shop_orders', { ...filter, limit: P2P_PAGE_SIZE }, { quiet }),
        mine$(),
      ),
    myAds$: (page: number): Observable<Loadable<OtcMyAdsPage>> =>
      liveLoadable((quiet) => api.call('otc/my_ads', { page, limit: P2P_PAGE_SIZE }, { quiet }), mine$()),
    shop$: (): Observable<Loadable<OtcMerchant>> =>
      liveLoadable((quiet) => api.call('otc/shop', {}, { quiet }), mine$()),
  };
}
