import { map } from 'rxjs';
import { fromEventObservable, fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import type { PayloadOf } from '../../api/catalogue.ts';
import { simClock$ } from '../../streams/balance-pushes.ts';
import type { ChannelSource } from '../../streams/market.ts';
import { microClosedPushes$, type MicroOrder } from '../../streams/micro-pushes.ts';
import type { MicroTerms } from '../micro-order.machine.ts';
import type { MicroListInput, MicroListPage } from '../micro-screen.machine.ts';

/** The micro screen's API actors (spec §7 Micro calls, MICRO_CLOSED), for its machines. */
export function microActors(api: ApiClient, socket: ChannelSource) {
  return {
    loadTerms: fromPromise<MicroTerms>(async () => {
      const [currencies, seconds] = await Promise.all([
        api.call('microtrade/payable_currencies', {}, { quiet: true }),
        api.call('microtrade/seconds', {}, { quiet: true }),
      ]);
      return { currencies, seconds };
    }),
    submit: fromPromise<MicroOrder, PayloadOf<'microtrade/submit'>>(({ input }) =>
      api.call('microtrade/submit', input),
    ),
    loadList: fromPromise<MicroListPage, MicroListInput>(async ({ input }) => {
      const answer = await api.call(
        'microtrade/lists',
        { match_id: input.matchId, status: input.status, page: input.page, limit: input.limit },
        { quiet: true },
      );
      return { rows: answer.data, total: answer.total };
    }),
    /** The owner's MICRO_CLOSED pushes, as CLOSED events of the screen machine. */
    closedPushes: fromEventObservable(() =>
      microClosedPushes$(socket).pipe(map((order) => ({ type: 'CLOSED' as const, order }))),
    ),
    /** The simulator's clock (simulated now and speed), as SERVER_NOW events; a real server sends none. */
    serverClock: fromEventObservable(() =>
      simClock$(socket).pipe(
        map((frame) => ({ type: 'SERVER_NOW' as const, now: frame.now, speed: frame.speed })),
      ),
    ),
  };
}

export type MicroActors = ReturnType<typeof microActors>;
