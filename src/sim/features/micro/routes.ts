import { answerOnce } from '../../answer-once.ts';
import { errorEnvelope, okEnvelope } from '../../../api/envelope.ts';
import {
  MICRO_STATUS_CLOSED,
  MICRO_STATUS_RUNNING,
  MICRO_TYPE_DOWN,
  MICRO_TYPE_UP,
} from '../../../domain/contract-codes.ts';
import {
  feePercentText,
  MICRO_FEE_BPS,
  MICRO_SECONDS,
  microFactProfit,
  ratioText,
  truncatedUnits,
} from '../../../domain/micro/rules.ts';
import { unitsOf } from '../../../domain/wallet/amounts.ts';
import { CURRENCIES } from '../../market/currencies.ts';
import type { Market } from '../../market/market.ts';
import { priceText } from '../../market/market-answers.ts';
import type { CallContext, Routes } from '../../routes.ts';
import type { Accounts } from '../accounts/accounts.ts';
import { onUser } from '../accounts/route-kit.ts';
import { pageAnswer } from '../spot/answers.ts';
import { type Micro, type MicroOutcomeOf } from './micro.ts';
import type { MicroContract, TapeTradeRef } from './state.ts';
import { unitsText } from '../../../domain/money.ts';

/** A contract as the contract's microOrder (api/entities.ts), at server time `now`. */
export function microOrderAnswer(market: Market, contract: MicroContract, now: number) {
  const pair = market.pair(contract.pairId);
  const price = (ticks: number) => (pair ? priceText(pair.pair, ticks) : String(ticks));
  const trade = (ref: TapeTradeRef) => ({ id: ref.id, time: ref.time, price: price(ref.price) });
  const closed = contract.status === 'closed';
  const profit =
    closed && contract.outcome !== null
      ? microFactProfit(contract.stake, contract.ratioBps, contract.outcome)
      : 0n;
  return {
    id: contract.id,
    match_id: contract.pairId,
    symbol_name: pair?.pair.symbol ?? '',
    seconds: contract.seconds,
    number: unitsText(contract.stake),
    currency_id: contract.currencyId,
    currency_name: CURRENCIES.find((currency) => currency.id === contract.currencyId)?.code ?? '',
    type: contract.direction === 'up' ? MICRO_TYPE_UP : MICRO_TYPE_DOWN,
    status: closed ? MICRO_STATUS_CLOSED : MICRO_STATUS_RUNNING,
    open_price: price(contract.open.price),
    end_price: contract.close ? price(contract.close.price) : '',
    profit_ratio: ratioText(contract.ratioBps),
    fact_profits: truncatedUnits(profit, 2),
    profit_result: contract.outcome ?? 0,
    fee: unitsText(contract.fee),
    created_at: contract.openedAt,
    expires_at: contract.expiresAt,
    remain_milli_seconds: closed ? 0 : Math.max(0, contract.expiresAt - now),
    server_now: now,
    open_trade: trade(contract.open),
    end_trade: contract.close ? trade(contract.close) : null,
  } as const;
}

function fail(ctx: CallContext, key: string, vars?: Record<string, string | number>) {
  return errorEnvelope(ctx.t(key, vars));
}

/**
 * Spec §7 Micro: terms (payable currencies, durations), my contracts, and buying. Every call needs a
 * signed-in user (999 otherwise), sees only that user's contracts, and checks every input itself:
 * a refusal is a translated message and changes nothing.
 */
export function registerMicroRoutes(routes: Routes, accounts: Accounts, micro: Micro, market: Market): void {
  onUser(routes, accounts, 'microtrade/payable_currencies', async (_payload, _ctx, user) => {
    await micro.advance();
    return okEnvelope(
      micro.payable().map(({ terms, currency }) => {
        const balance = micro.balance(user.id, currency.id);
        return {
          id: currency.id,
          code: terms.code,
          micro_account: { balance: unitsText(balance.available), lock_balance: unitsText(balance.locked) },
          micro_numbers: terms.presets.map((number) => ({ number })),
          micro_min: unitsText(terms.min),
          micro_max: unitsText(terms.max),
          micro_decimals: terms.decimals,
          // A percent, as the family writes fee rates ("0.1" is 0.1 %).
          fee_rate: feePercentText(MICRO_FEE_BPS),
        };
      }),
    );
  });

  onUser(routes, accounts, 'microtrade/seconds', () =>
    okEnvelope(
      MICRO_SECONDS.map((option) => ({
        seconds: option.seconds,
        status: 1,
        profit_ratio: ratioText(option.ratioBps),
      })),
    ),
  );

  onUser(routes, accounts, 'microtrade/lists', async (payload, _ctx, user) => {
    await micro.advance();
    const now = micro.now();
    const wanted = payload.status === MICRO_STATUS_RUNNING ? 'running' : 'closed';
    // The user's own contracts (an index), newest first: not a walk of every user's.
    const rows = micro
      .contractsOf(user.id)
      .filter((c) => c.status === wanted && (payload.match_id === 0 || c.pairId === payload.match_id))
      .map((contract) => microOrderAnswer(market, contract, now));
    return okEnvelope(pageAnswer(rows, payload.page, payload.limit));
  });

  onUser(routes, accounts, 'microtrade/submit', async (payload, ctx, user) => {
    const terms = micro.termsOf(payload.currency_id);
    if (!terms) return fail(ctx, 'microCurrencyUnknown');
    const stake = unitsOf(payload.number.trim());
    if (stake === null || stake <= 0n) return fail(ctx, 'microAmountInvalid');
    const step = 10n ** BigInt(8 - terms.decimals);
    if (stake % step !== 0n) return fail(ctx, 'microAmountDecimals', { max: terms.decimals });
    const reply = (result: MicroOutcomeOf<MicroContract>) => {
      if (!result.ok) {
        const vars = {
          min: unitsText(terms.min).replace(/\.?0+$/, ''),
          max: unitsText(terms.max).replace(/\.?0+$/, ''),
          code: terms.code,
        };
        return fail(ctx, result.key, vars);
      }
      return okEnvelope(microOrderAnswer(market, result.value, micro.now()), ctx.t('microBought'));
    };
    const result = await micro.buy(
      {
        userId: user.id,
        pairId: payload.match_id,
        currencyId: payload.currency_id,
        direction: payload.type === MICRO_TYPE_UP ? 'up' : 'down',
        seconds: payload.seconds,
        stake,
      },
      answerOnce(ctx, reply),
    );
    return reply(result);
  });
}
