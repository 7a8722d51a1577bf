import { fromPromise } from 'xstate';
import type { AnswerOf } from '../../api/catalogue.ts';
import type { ApiClient } from '../../api/client.ts';

export type EarningsProduct = AnswerOf<'ieo/list'>['data'][number];
export type EarningsHolding = AnswerOf<'ieo/holdings'>['data'][number];

/** The earnings calls (catalogue/earnings.ts) for the buy and redeem machines. */
export function earningsActors(api: ApiClient) {
  return {
    buy: fromPromise<unknown, { id: number; number: string }>(({ input }) => api.call('ieo/addIeo', input)),
    redeem: fromPromise<unknown, { id: number }>(({ input }) => api.call('ieo/redeem', input)),
    /** Demo time (simulator only): jump a day ahead to see a dividend without waiting for it. */
    skipDay: fromPromise<unknown>(() => api.call('sim/skip', { hours: 24 })),
  };
}
