import { priceBandOf } from '../../domain/order-filters/price-band.ts';
import { map, merge } from 'rxjs';
import { fromEventObservable, fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import {
  BATCH_CLOSE_ALL,
  BATCH_CLOSE_LONGS,
  BATCH_CLOSE_SHORTS,
  LEVER_LIST_DELEGATION,
  LEVER_STATUS_CLOSED,
  LEVER_STATUS_OPEN,
  LEVER_STATUS_PENDING,
} from '../../domain/contract-codes.ts';
import { leverClosedPushes$, leverTradePushes$ } from '../../streams/lever-pushes.ts';
import type { ChannelSource } from '../../streams/market.ts';
import type { LeverSubmit } from '../lever-order.machine.ts';
import type {
  LeverAct,
  LeverLists,
  LeverListsRequest,
  LeverPagedTab,
  LeverPosition,
  LeverSetStop,
} from '../lever-positions.machine.ts';
import type { LeverTerms } from '../lever-terms.ts';

/** A decimal text as a whole number of lots ('10.00' -> 10); 0 when absent. */
function lotsOf(text: string | undefined): number {
  const value = Number(text ?? '0');
  return Number.isFinite(value) ? Math.floor(value) : 0;
}

/** The lever/my_trade status each paged history tab reads (spec §2 Lever). */
const TAB_STATUS = {
  delegation: LEVER_LIST_DELEGATION,
  all: LEVER_STATUS_OPEN,
  pending: LEVER_STATUS_PENDING,
  closed: LEVER_STATUS_CLOSED,
} as const satisfies Record<LeverPagedTab, number>;

// The tabs' list here, not the machine's: its module loads with the lever page, not the first paint.
const PAGED_TABS = Object.keys(TAB_STATUS) as LeverPagedTab[];

/** The lever screen's API actors (spec §7 Lever calls, LEVER_TRADE / LEVER_CLOSED), for its machines. */
/** lever_price_band as the form reads it: a whole percent under 100, else nothing to warn about. */
function leverBandOf(text: string | undefined): { priceBandPercent?: number } {
  const band = priceBandOf(text, text);
  return band ? { priceBandPercent: band.downPercent } : {};
}

export function leverActors(api: ApiClient, socket: ChannelSource) {
  return {
    /** The pair's lever terms (market/currency_matches) and the lever account of its quote (lever/deal). */
    loadTerms: fromPromise<LeverTerms, { matchId: number }>(async ({ input }) => {
      const [groups, deal] = await Promise.all([
        api.call('market/currency_matches', {}, { quiet: true }),
        api.call('lever/deal', { currency_match_id: input.matchId }, { quiet: true }),
      ]);
      const match = groups.flatMap((group) => group.matches).find((each) => each.id === input.matchId);
      if (!match) throw new Error('pair not found');
      const multiples = deal.multiple.muit.map((each) => each.value);
      return {
        shareNum: match.lever_share_num,
        minShare: Math.max(1, lotsOf(match.lever_min_share ?? '1')),
        maxShare: lotsOf(match.lever_max_share ?? '0') || Number.MAX_SAFE_INTEGER,
        feeRate: match.lever_fee_rate,
        pointRate: match.lever_point_rate,
        multiples: multiples.length > 0 ? multiples : (match.lever_multiples ?? []),
        balance: deal.account.balance,
        quoteCode: match.quote_currency_code,
        priceDecimals: match.price_decimals ?? 4,
        ...leverBandOf(match.lever_price_band),
        account: deal.account,
      };
    }),
    /**
     * lever/submit, with the take-profit and stop-loss when given: one call, so the exchange checks
     * them against the entry it gives the order and places it with them, or places nothing.
     */
    submit: fromPromise<LeverPosition, LeverSubmit>(async ({ input }) => {
      // The order form's module is the lever page's: it loads with that page, not on the first
      // paint, so by the time an order is sent this import is already done.
      const { submitPayload } = await import('../lever-order.machine.ts');
      return api.call('lever/submit', submitPayload(input));
    }),
    /**
     * The pair's open positions (lever/deal, every one of them), the page of the tab on screen from
     * lever/my_trade by the tab's status (delegation 6, all positions 1 on every pair, pending 0,
     * closed 3 on the pair), and the first page of each other paged tab for its total: a tab's count
     * is true before it is opened, and after an action that moved rows between tabs.
     */
    loadLists: fromPromise<LeverLists, LeverListsRequest>(async ({ input }) => {
      const myTrade = (tab: LeverPagedTab, page: number) =>
        api.call(
          'lever/my_trade',
          tab === 'all'
            ? { status: TAB_STATUS[tab], page }
            : { status: TAB_STATUS[tab], page, currency_match_id: input.matchId },
          { quiet: true },
        );
      const shown = input.tab === 'open' ? null : input.tab;
      const [deal, pages] = await Promise.all([
        api.call('lever/deal', { currency_match_id: input.matchId }, { quiet: true }),
        Promise.all(
          PAGED_TABS.map(async (tab) => ({
            tab,
            answer: await myTrade(tab, tab === shown ? input.page : 1),
          })),
        ),
      ]);
      const totals = { delegation: 0, all: 0, pending: 0, closed: 0 };
      let paged: LeverLists['paged'] = null;
      for (const { tab, answer } of pages) {
        totals[tab] = answer.total;
        if (tab === shown) paged = { tab, rows: answer.data, total: answer.total };
      }
      // The pair's pending orders for the chart's lines: page 1 of their tab, whichever tab is shown.
      const pendingPage = pages.find(({ tab }) => tab === 'pending');
      const pending =
        pendingPage && (shown !== 'pending' || input.page === 1) ? pendingPage.answer.data : null;
      return { open: deal.my_transaction, paged, totals, pending };
    }),
    /** Close one, cancel one, or close all / longs / shorts on the pair; answers the positions it ended. */
    act: fromPromise<LeverPosition[], LeverAct>(async ({ input }) => {
      const { ask } = input;
      if (ask.kind === 'close') {
        if (ask.at === 'cancelOrder') return [await api.call('lever/close', { id: ask.id, price: '0' })];
        // Fewer lots than the position holds close a part (issue 32); all of them close it.
        const lots = Math.trunc(Number(ask.lots));
        const part = lots > 0 && lots < ask.total ? { share: lots } : {};
        if (ask.at === 'price') {
          // The price as the dialog read it (CONFIRM passed only with one); the exchange checks
          // its side against the last trade again itself.
          const { closePriceText } = await import('../lever-positions.machine.ts');
          const price = closePriceText(ask, input.terms);
          if (price === null) throw new Error('close price unread');
          return [await api.call('lever/close', { id: ask.id, share: lots, price })];
        }
        return [await api.call('lever/close', { id: ask.id, ...part })];
      }
      if (ask.kind === 'cancel') return [await api.call('lever/cancel', { id: ask.id })];
      const type =
        ask.which === 'longs'
          ? BATCH_CLOSE_LONGS
          : ask.which === 'shorts'
            ? BATCH_CLOSE_SHORTS
            : BATCH_CLOSE_ALL;
      const answer = await api.call('lever/batch_close', { type, currency_match_id: input.matchId });
      return answer.trades;
    }),
    setStop: fromPromise<LeverPosition, LeverSetStop>(({ input }) =>
      api.call('lever/setstop', {
        id: input.id,
        target_profit_price: input.tp,
        stop_loss_price: input.sl,
      }),
    ),
    /** The owner's LEVER_TRADE and LEVER_CLOSED pushes, as TRADED and CLOSED events of the screen. */
    pushes: fromEventObservable(() =>
      merge(
        leverTradePushes$(socket).pipe(
          map((frame) => ({
            type: 'TRADED' as const,
            account: {
              currency_id: frame.currency_id,
              hazard_rate: frame.hazard_rate,
              profits_all: frame.profits_all,
              caution_money_all: frame.caution_money_all,
            },
            positions: frame.trades_all,
          })),
        ),
        leverClosedPushes$(socket).pipe(
          map((frame) => ({ type: 'CLOSED' as const, positions: frame.trades })),
        ),
      ),
    ),
  };
}

export type LeverActors = ReturnType<typeof leverActors>;
