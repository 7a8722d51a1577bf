import { map, merge, type Observable, of, share, startWith } from 'rxjs';
import type { AnswerOf } from '../../api/catalogue.ts';
import type { ApiClient } from '../../api/client.ts';
import { balancePushes$, simClock$ } from '../balance-pushes.ts';
import { liveLoadable } from '../live-loadable.ts';
import { reconnects$ } from '../reconnects.ts';
import type { Loadable } from '../loadable.ts';
import type { ChannelSource } from '../market.ts';

export type EarningsProducts = AnswerOf<'ieo/list'>['data'];
export type HoldingsPage = AnswerOf<'ieo/holdings'>;
export type DividendsPage = AnswerOf<'ieo/dividends'>;
export type EarningsIncome = AnswerOf<'ieo/income'>;

/** Spec §9: the earnings list's page size. */
export const EARNINGS_LIST_LIMIT = 30;
/** Holdings and records per page. */
export const EARNINGS_PAGE_SIZE = 10;

/**
 * The earnings reads. Every dividend, maturity, purchase and redemption moves the financial account,
 * so each read follows the owner's BALANCE pushes instead of polling.
 */
export function earningsQueries(api: ApiClient, socket: ChannelSource) {
  // A reconnect too: the BALANCE pushes of the drop are lost.
  const pushes$ = () => merge(balancePushes$(socket), reconnects$(socket)).pipe(share());
  return {
    /** The products, with what the signed-in user holds (a visitor: nothing; no pushes then). */
    products$: (signedIn: boolean): Observable<Loadable<EarningsProducts>> =>
      liveLoadable(
        async (quiet) => (await api.call('ieo/list', { limit: EARNINGS_LIST_LIMIT }, { quiet })).data,
        signedIn ? pushes$() : of(),
      ),
    holdings$: (status: 1 | 2, page = 1): Observable<Loadable<HoldingsPage>> =>
      liveLoadable(
        (quiet) => api.call('ieo/holdings', { status, page, limit: EARNINGS_PAGE_SIZE }, { quiet }),
        pushes$(),
      ),
    dividends$: (page = 1): Observable<Loadable<DividendsPage>> =>
      liveLoadable(
        (quiet) => api.call('ieo/dividends', { page, limit: EARNINGS_PAGE_SIZE }, { quiet }),
        pushes$(),
      ),
    income$: (): Observable<Loadable<EarningsIncome>> =>
      liveLoadable((quiet) => api.call('ieo/income', {}, { quiet }), pushes$()),
    /** Simulated now from the simulator's clock pushes (0 until one comes; a real server sends none). */
    simNow$: (): Observable<number> =>
      simClock$(socket).pipe(
        map((frame) => frame.now),
        startWith(0),
      ),
  };
}
