import { fromCallback, fromPromise } from 'xstate';
import type { AnswerOf, PayloadOf } from '../../api/catalogue.ts';
import type { ApiClient } from '../../api/client.ts';
import { simClock$ } from '../../streams/balance-pushes.ts';
import type { ChannelSource } from '../../streams/market.ts';

export type ConvertQuote = AnswerOf<'account/convert_quote'>;
export type WithdrawalAnswer = AnswerOf<'account/draw'>;
export type DepositAnswer = AnswerOf<'sim/deposit'>;
export type BoundAddressRow = AnswerOf<'address/list'>[number];

/** A server clock reading pushed to a machine: the server's now and how fast its clock runs. */
export interface ServerClockEvent {
  type: 'CLOCK';
  now: number;
  speed: number;
}

/** The wallet's API actors (spec §7 Wallet, sim/deposit) for the deposit, withdraw, convert and transfer machines. */
export function walletActors(api: ApiClient, socket: ChannelSource) {
  return {
    simulateDeposit: fromPromise<DepositAnswer, PayloadOf<'sim/deposit'>>(({ input }) =>
      api.call('sim/deposit', input),
    ),
    boundAddresses: fromPromise<BoundAddressRow[]>(() => api.call('address/list', {}, { quiet: true })),
    withdraw: fromPromise<WithdrawalAnswer, PayloadOf<'account/draw'>>(({ input }) =>
      api.call('account/draw', input),
    ),
    cancelWithdrawal: fromPromise<WithdrawalAnswer, { id: number }>(({ input }) =>
      api.call('account/draw_cancel', input),
    ),
    quote: fromPromise<ConvertQuote, PayloadOf<'account/convert_quote'>>(({ input }) =>
      api.call('account/convert_quote', input),
    ),
    convert: fromPromise<AnswerOf<'account/convert'>, PayloadOf<'account/convert'>>(({ input }) =>
      api.call('account/convert', input),
    ),
    transfer: fromPromise<unknown, PayloadOf<'account/transfer'>>(({ input }) =>
      api.call('account/transfer', input),
    ),
    /** The simulator's clock pushes as CLOCK events (a real server sends none: machines count alone). */
    serverClock: fromCallback<ServerClockEvent>(({ sendBack }) => {
      const subscription = simClock$(socket).subscribe((frame) =>
        sendBack({ type: 'CLOCK', now: frame.now, speed: frame.speed }),
      );
      return () => subscription.unsubscribe();
    }),
  };
}
