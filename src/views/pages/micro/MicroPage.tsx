import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { MICRO_STATUS_CLOSED, MICRO_TYPE_UP } from '../../../domain/contract-codes.ts';
import { resolveLanguage } from '../../../domain/languages.ts';
import { ratioBpsOf, ratioPercent } from '../../../domain/micro/rules.ts';
import { usesDecimalComma } from '../../../domain/number-entry.ts';
import { choosePair } from '../../../domain/spot/pair-list.ts';
import { readPref, writePref } from '../../../machines/local-prefs.ts';
import {
  chosenCurrency,
  chosenSeconds,
  microQuote,
  type MicroOrderContext,
} from '../../../machines/micro-order.machine.ts';
import {
  MICRO_PAGE_SIZE,
  microScreenWith,
  remainingSeconds,
  type ServerClock,
} from '../../../machines/micro-screen.machine.ts';
import { LOADING, type Loadable } from '../../../streams/loadable.ts';
import type { MicroOrder } from '../../../streams/micro-pushes.ts';
import type { TradePair } from '../../../streams/queries/trade-pairs.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { useServices } from '../../services-context.ts';
import { useActorRef, useSelector } from '../../use-app-actor.ts';
import { useObservable } from '../../use-observable.ts';
import { useSignedIn } from '../../use-session.ts';
import { FieldProblem } from '../trade/FieldProblem.tsx';
import { KlineChart } from '../trade/KlineChart.tsx';
import '../../components/components.css';
import '../trade/trade.css';
import './micro.css';

/** Ledger units as a decimal text with 8 decimals trimmed of trailing zeros. */
function unitsText(units: bigint): string {
  const digits = units.toString().padStart(9, '0');
  return `${digits.slice(0, -8)}.${digits.slice(-8)}`.replace(/\.?0+$/, '');
}

function timeText(ms: number, lang: string): string {
  return new Intl.DateTimeFormat(lang, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }).format(ms);
}

/**
 * Spec §2 "Micro (second)": pair tabs, the pair's chart, the order panel (payable currency,
 * quantity presets, amount, duration with its profit rate, buy up and buy down with a confirm), and
 * the in-progress and closed contracts with their countdown and, once closed, their proof: the
 * public tape's open and close trades. The page renders the screen machine and sends it events.
 */
export default function MicroPage() {
  const { t } = useTranslation();
  const { queries } = useServices();
  const pairs = useObservable<Loadable<readonly TradePair[]>>(queries.micro.pairs$, LOADING);
  const [params] = useSearchParams();
  const pair = useMemo(
    () =>
      choosePair(pairs.status === 'ready' ? pairs.data : [], {
        symbol: params.get('symbol'),
        id: null,
        stored: readPref('microPair'),
      }),
    [pairs, params],
  );
  useEffect(() => {
    if (pair) writePref('microPair', pair.symbol);
  }, [pair]);

  if (pairs.status === 'failed')
    return (
      <div className="trade-unavailable">
        <EmptyState title={t('trade.unavailable')} />
      </div>
    );
  if (!pair || pairs.status !== 'ready') return <div className="page-loading" aria-busy="true" />;
  return <MicroScreen pair={pair} pairs={pairs.data} />;
}

function MicroScreen({ pair, pairs }: { pair: TradePair; pairs: readonly TradePair[] }) {
  const { t } = useTranslation();
  const { actors, queries } = useServices();
  const signedIn = useSignedIn();
  const [, setParams] = useSearchParams();
  const decimalComma = usesDecimalComma(resolveLanguage(readPref('lang')));
  const screen = useActorRef(microScreenWith(actors.micro), {
    input: { matchId: pair.id, signedIn, decimalComma },
  });
  useEffect(() => screen.send({ type: 'PAIR', matchId: pair.id }), [pair, screen]);
  useEffect(() => screen.send({ type: 'SIGNED_IN', signedIn }), [signedIn, screen]);
  const feeds = useMemo(() => queries.trade.market(pair), [queries, pair]);
  const form = useSelector(screen, (s) => s.context.form);

  return (
    <div className="micro-page" data-testid="micro-page">
      <h1 className="visually-hidden">{t('micro.title')}</h1>
      <div className="micro-pairs" role="tablist" aria-label={t('micro.pairs')}>
        {pairs.map((each) => (
          <button
            key={each.id}
            type="button"
            role="tab"
            aria-selected={each.id === pair.id}
            className={each.id === pair.id ? 'micro-pair active' : 'micro-pair'}
            onClick={() => setParams({ symbol: each.symbol })}
          >
            {each.symbol}
          </button>
        ))}
      </div>
      <div className="micro-main">
        <section className="trade-panel micro-chart" aria-label={t('trade.chart.title')}>
          <KlineChart key={`chart-${pair.id}`} matchId={pair.id} symbol={pair.symbol} deal$={feeds.deal$} />
        </section>
        {signedIn ? (
          <OrderPanel form={form} symbol={pair.symbol} />
        ) : (
          <section className="trade-panel micro-form">
            <p className="form-auth">
              <Link to={`/login?redirect=${encodeURIComponent('/second')}`} className="btn btn-primary">
                {t('micro.login')}
              </Link>
              <Link to="/register" className="btn">
                {t('micro.register')}
              </Link>
            </p>
          </section>
        )}
      </div>
      {signedIn ? <Contracts screen={screen} priceDecimals={pair.priceDecimals ?? 4} /> : null}
    </div>
  );
}

type ScreenRef = ReturnType<typeof useActorRef<ReturnType<typeof microScreenWith>>>;
type FormRef = ScreenRef extends { getSnapshot(): { context: { form: infer F } } } ? F : never;

function OrderPanel({ form, symbol }: { form: FormRef; symbol: string }) {
  const { t } = useTranslation();
  const snapshot = useSelector(form, (s) => s);
  const context: MicroOrderContext = snapshot.context;
  const currency = chosenCurrency(context);
  const option = chosenSeconds(context);
  const quote = microQuote(context);
  const code = currency?.code ?? '';
  const numberProblem =
    context.problem && ['notNumber', 'tooManyDecimals', 'tooLarge'].includes(context.problem.kind)
      ? (context.problem as Parameters<typeof FieldProblem>[0]['problem'])
      : null;
  const ruleProblem =
    context.problem && !numberProblem
      ? t(`micro.problem.${context.problem.kind}`, {
          min: currency ? currency.micro_min.replace(/\.?0+$/, '') : '',
          max: currency ? currency.micro_max.replace(/\.?0+$/, '') : '',
          code,
        })
      : null;
  const busy = !snapshot.matches('editing') && !snapshot.matches('refreshing');
  if (snapshot.matches('loading')) return <section className="trade-panel micro-form" aria-busy="true" />;
  if (snapshot.matches('failed'))
    return (
      <section className="trade-panel micro-form">
        <EmptyState title={t('micro.termsFailed')} />
      </section>
    );
  const pending = context.pending;
  return (
    <section className="trade-panel micro-form" aria-labelledby="micro-form-title" data-testid="micro-form">
      <h2 id="micro-form-title" className="micro-heading">
        {t('micro.formTitle')}
      </h2>
      <div className="micro-row" role="radiogroup" aria-label={t('micro.currency')}>
        {context.terms?.currencies.map((each) => (
          <button
            key={each.id}
            type="button"
            role="radio"
            aria-checked={each.id === context.currencyId}
            className={each.id === context.currencyId ? 'micro-chip active' : 'micro-chip'}
            onClick={() => form.send({ type: 'CURRENCY', currencyId: each.id })}
          >
            {each.code}
          </button>
        ))}
      </div>
      <p className="micro-balance">
        <span>{t('micro.available')}</span>
        <span className="num" data-testid="micro-available">
          {currency ? `${currency.micro_account.balance.replace(/\.?0+$/, '') || '0'} ${code}` : ''}
        </span>
        <Link to="/assets/transfer" className="micro-fund">
          {t('micro.fund')}
        </Link>
      </p>
      <label className="form-field" htmlFor="micro-amount">
        <span className="field-label">{t('micro.amount')}</span>
        <input
          id="micro-amount"
          inputMode="decimal"
          autoComplete="off"
          value={context.amount}
          aria-invalid={context.problem !== null}
          aria-describedby="micro-amount-problem"
          data-testid="micro-amount"
          onChange={(event) => form.send({ type: 'AMOUNT', text: event.target.value })}
        />
        <span className="field-unit">{code}</span>
      </label>
      <FieldProblem id="micro-amount-problem" problem={numberProblem} testId="micro-amount-problem" />
      {ruleProblem ? (
        <p
          id="micro-amount-problem"
          className="field-problem"
          role="alert"
          data-testid="micro-amount-problem"
        >
          {ruleProblem}
        </p>
      ) : null}
      <div className="micro-row" aria-label={t('micro.presets')} role="group">
        {currency?.micro_numbers.map(({ number }) => (
          <button
            key={number}
            type="button"
            className="micro-chip"
            onClick={() => form.send({ type: 'PRESET', number })}
          >
            {number}
          </button>
        ))}
      </div>
      <div className="micro-row micro-seconds" role="radiogroup" aria-label={t('micro.duration')}>
        {context.terms?.seconds.map((each) => (
          <button
            key={each.seconds}
            type="button"
            role="radio"
            aria-checked={each.seconds === context.seconds}
            data-testid={`micro-seconds-${each.seconds}`}
            className={each.seconds === context.seconds ? 'micro-chip active' : 'micro-chip'}
            onClick={() => form.send({ type: 'SECONDS', seconds: each.seconds })}
          >
            <span>{t('micro.seconds', { seconds: each.seconds })}</span>
            <small>{ratioPercent(ratioBpsOf(each.profit_ratio) ?? 0n)} %</small>
          </button>
        ))}
      </div>
      <dl className="micro-quote">
        <dt>{t('micro.profitRate')}</dt>
        <dd className="num">{option ? `${ratioPercent(ratioBpsOf(option.profit_ratio) ?? 0n)} %` : '—'}</dd>
        <dt>{t('micro.fee')}</dt>
        <dd className="num">{quote ? `${unitsText(quote.fee)} ${code}` : '—'}</dd>
        <dt>{t('micro.expected')}</dt>
        <dd className="num" data-testid="micro-expected">
          {quote ? `${unitsText(quote.payout)} ${code}` : '—'}
        </dd>
      </dl>
      <div className="micro-buttons">
        <button
          type="button"
          className="btn micro-up"
          disabled={busy}
          data-testid="micro-buy-up"
          onClick={() => form.send({ type: 'BUY', direction: 'up' })}
        >
          {t('micro.buyUp')}
        </button>
        <button
          type="button"
          className="btn micro-down"
          disabled={busy}
          data-testid="micro-buy-down"
          onClick={() => form.send({ type: 'BUY', direction: 'down' })}
        >
          {t('micro.buyDown')}
        </button>
      </div>
      <p className="micro-rules">{t('micro.rules')}</p>
      {pending ? (
        <div className="micro-confirm" role="dialog" aria-modal="true" aria-labelledby="micro-confirm-title">
          <div className="micro-confirm-box">
            <h3 id="micro-confirm-title">{t('micro.confirmTitle')}</h3>
            <p data-testid="micro-confirm-text">
              {t(pending.direction === 'up' ? 'micro.confirmUp' : 'micro.confirmDown', {
                symbol,
                seconds: pending.payload.seconds,
                amount: pending.payload.number,
                code,
              })}
            </p>
            <div className="micro-buttons">
              <button type="button" className="btn" onClick={() => form.send({ type: 'CANCEL' })}>
                {t('micro.cancel')}
              </button>
              <button
                type="button"
                className="btn btn-primary"
                data-testid="micro-confirm"
                disabled={!snapshot.matches('confirming')}
                onClick={() => form.send({ type: 'CONFIRM' })}
              >
                {t('micro.confirm')}
              </button>
            </div>
          </div>
        </div>
      ) : null}
    </section>
  );
}

function Contracts({ screen, priceDecimals }: { screen: ScreenRef; priceDecimals: number }) {
  const { t } = useTranslation();
  const tab = useSelector(screen, (s) => s.context.tab);
  const running = useSelector(screen, (s) => s.context.running);
  const closed = useSelector(screen, (s) => s.context.closed);
  const clock = useSelector(screen, (s) => s.context.clock);
  const page = useSelector(screen, (s) => s.context.closedPage);
  const total = useSelector(screen, (s) => s.context.closedTotal);
  const rows = tab === 'running' ? running : closed;
  const lastPage = Math.max(1, Math.ceil(total / MICRO_PAGE_SIZE));
  return (
    <section
      className="trade-panel micro-contracts"
      aria-label={t('micro.contracts')}
      data-testid="micro-contracts"
    >
      <div className="mode-tabs micro-tabs" role="tablist">
        {(['running', 'closed'] as const).map((each) => (
          <button
            key={each}
            type="button"
            role="tab"
            aria-selected={tab === each}
            className={tab === each ? 'active' : ''}
            data-testid={`micro-tab-${each}`}
            onClick={() => screen.send({ type: 'TAB', tab: each })}
          >
            {t(`micro.tab.${each}`)}
          </button>
        ))}
      </div>
      {rows.length === 0 ? (
        <p className="micro-empty">{t('micro.empty')}</p>
      ) : (
        <ul className="micro-list">
          {rows.map((order) => (
            <ContractRow key={order.id} order={order} clock={clock} priceDecimals={priceDecimals} />
          ))}
        </ul>
      )}
      {tab === 'closed' && total > MICRO_PAGE_SIZE ? (
        <div className="micro-pager">
          <button
            type="button"
            className="btn"
            disabled={page <= 1}
            onClick={() => screen.send({ type: 'PAGE', page: page - 1 })}
          >
            {t('micro.prev')}
          </button>
          <span className="num">
            {page} / {lastPage}
          </span>
          <button
            type="button"
            className="btn"
            disabled={page >= lastPage}
            onClick={() => screen.send({ type: 'PAGE', page: page + 1 })}
          >
            {t('micro.next')}
          </button>
        </div>
      ) : null}
    </section>
  );
}

function ContractRow({
  order,
  clock,
  priceDecimals,
}: {
  order: MicroOrder;
  clock: ServerClock;
  priceDecimals: number;
}) {
  const { t, i18n } = useTranslation();
  const up = order.type === MICRO_TYPE_UP;
  const isClosed = order.status === MICRO_STATUS_CLOSED;
  const remain = remainingSeconds(order, clock);
  const result = order.profit_result === 1 ? 'win' : order.profit_result === -1 ? 'loss' : 'tie';
  const trade = (proof: { id: number; time: number | string; price: string }) =>
    t('micro.trade', {
      id: proof.id,
      time: typeof proof.time === 'number' ? timeText(proof.time, i18n.language) : proof.time,
      price: proof.price,
    });
  void priceDecimals;
  return (
    <li
      className={`micro-item ${isClosed ? `closed ${result}` : 'running'}`}
      data-testid={`micro-row-${order.id}`}
    >
      <div className="micro-item-head">
        <span className={up ? 'micro-dir up' : 'micro-dir down'}>{t(up ? 'micro.up' : 'micro.down')}</span>
        <span className="micro-symbol">{order.symbol_name}</span>
        <span className="num">
          {order.number.replace(/\.?0+$/, '')} {order.currency_name}
        </span>
        {isClosed ? (
          <span className={`micro-result ${result}`} data-testid="micro-result">
            {t(`micro.result.${result}`)} <span className="num">{order.fact_profits}</span>
          </span>
        ) : (
          <span className="micro-countdown num" data-testid="micro-countdown" aria-live="off">
            {t('micro.remain', { seconds: remain })}
          </span>
        )}
      </div>
      <dl className="micro-item-body">
        <dt>{t('micro.openPrice')}</dt>
        <dd className="num" data-testid="micro-open-price">
          {order.open_price}
        </dd>
        <dt>{t('micro.endPrice')}</dt>
        <dd className="num" data-testid="micro-end-price">
          {order.end_price || '—'}
        </dd>
      </dl>
      {isClosed && order.end_trade ? (
        <details className="micro-proof" data-testid="micro-proof">
          <summary>{t('micro.proof')}</summary>
          <p className="num">
            {t('micro.openTrade')}: {trade(order.open_trade)}
          </p>
          <p className="num">
            {t('micro.endTrade')}: {trade(order.end_trade)}
          </p>
          <Link
            to={`/trade?symbol=${encodeURIComponent(order.symbol_name)}&at=${order.end_trade.time}`}
            className="micro-check"
          >
            {t('micro.check')}
          </Link>
        </details>
      ) : null}
    </li>
  );
}
