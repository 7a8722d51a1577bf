import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { isOn } from '../../../domain/contract-codes.ts';
import { displayDecimals, formatCurrencyAmount } from '../../../domain/display-decimals.ts';
import { countdownText, quotaUsedPercent } from '../../../domain/earnings/rules.ts';
import { truncateDecimal } from '../../../domain/format.ts';
import { showsPager } from '../../../domain/wallet/entry.ts';
import { unitsOf } from '../../../domain/wallet/amounts.ts';
import type { EarningsProduct } from '../../../machines/actors/earnings.ts';
import { demoSkipMachine } from '../../../machines/demo-skip.machine.ts';
import { earningsBuyMachine, roomOf, type BuyProduct } from '../../../machines/earnings-buy.machine.ts';
import { earningsRedeemMachine } from '../../../machines/earnings-redeem.machine.ts';
import type { HoldingsPage } from '../../../streams/queries/earnings.ts';
import { useServices } from '../../services-context.ts';
import { useMachine, useSelector } from '../../use-app-actor.ts';
import { useLoadable } from '../../use-loadable.ts';
import { useObservable } from '../../use-observable.ts';
import { useSignedIn } from '../../use-session.ts';
import { AmountField, useDecimalComma } from '../assets/wallet-kit.tsx';
import { TimeText } from '../assets/TimeText.tsx';
import { IncomeChart } from './IncomeChart.tsx';
import '../auth/kit/forms.css';
import '../personal/personal.css';
import './earnings.css';
import { useDemoTools } from '../../use-demo-tools.ts';

type Tab = 'products' | 'holdings' | 'records';
const TABS: readonly Tab[] = ['products', 'holdings', 'records'];

/** Income and dividends: the currency's display decimals plus four, at most the ledger's eight. */
function incomeText(value: string, code: string): string {
  return truncateDecimal(value, Math.min(8, displayDecimals(code) + 4));
}

/** A decimal without trailing zeros ("10.00000000" -> "10"), as the user would type it. */
function plain(value: string): string {
  return value.includes('.') ? value.replace(/\.?0+$/, '') : value;
}

function buyProductOf(product: EarningsProduct): BuyProduct {
  return {
    id: product.id,
    name: product.name,
    code: product.currency_code,
    currencyId: product.currency_id,
    days: product.days,
    rate: product.rate,
    min: plain(product.min_number),
    max: plain(product.max_number),
    held: plain(product.held),
    left: plain(product.left),
  };
}

function TermBadge({ days }: { days: number }) {
  const { t } = useTranslation();
  return (
    <span className={`earn-badge${days === 0 ? ' earn-badge-flexible' : ''}`}>
      {days === 0 ? t('earnings.flexible') : t('earnings.fixedDays', { n: days })}
    </span>
  );
}

/** The financial account's available balance of each currency id (account/list, following pushes). */
function useFinancialBalances(signedIn: boolean): Record<number, string> {
  const { queries } = useServices();
  // A visitor has no wallet: asking for it would answer 999 and send them to log in.
  const [source] = useState(() => (signedIn ? queries.wallet.accounts$() : null));
  const groups = useLoadable(source);
  return useMemo(() => {
    if (!signedIn || groups.status !== 'ready') return {};
    const financial = groups.data.find((group) => group.account_code === 'financial_account');
    return Object.fromEntries((financial?.accounts ?? []).map((line) => [line.currency_id, line.balance]));
  }, [groups, signedIn]);
}

function ProductCard({
  product,
  signedIn,
  onBuy,
}: {
  product: EarningsProduct;
  signedIn: boolean;
  onBuy: () => void;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const used = quotaUsedPercent(unitsOf(product.quota) ?? 0n, unitsOf(product.left) ?? 0n);
  const soldOut = (unitsOf(product.left) ?? 0n) === 0n;
  const code = product.currency_code;
  return (
    <li className="earn-card" data-testid="earn-product" data-product={product.id}>
      <div className="earn-card-head">
        <h3>{product.name}</h3>
        <TermBadge days={product.days} />
      </div>
      <p className="earn-rate">
        <strong>{product.rate}%</strong> <span className="muted">{t('earnings.annualRate')}</span>
      </p>
      <dl className="earn-facts">
        <div>
          <dt>{t('earnings.dailyRate')}</dt>
          <dd>{product.daily_rate}%</dd>
        </div>
        <div>
          <dt>{t('earnings.term')}</dt>
          <dd>{product.days === 0 ? t('earnings.anyTime') : t('earnings.days', { n: product.days })}</dd>
        </div>
        <div>
          <dt>{t('earnings.minimum')}</dt>
          <dd>
            {formatCurrencyAmount(product.min_number, code)} {code}
          </dd>
        </div>
        <div>
          <dt>{t('earnings.perUser')}</dt>
          <dd>
            {formatCurrencyAmount(product.max_number, code)} {code}
          </dd>
        </div>
        {signedIn && (unitsOf(product.held) ?? 0n) > 0n && (
          <div>
            <dt>{t('earnings.held')}</dt>
            <dd data-testid="earn-held">
              {formatCurrencyAmount(product.held, code)} {code}
            </dd>
          </div>
        )}
      </dl>
      <div className="earn-quota">
        <div
          className="earn-quota-bar"
          role="progressbar"
          aria-label={t('earnings.quotaUsed')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={used}
        >
          <span style={{ width: `${used}%` }} />
        </div>
        <span className="muted">
          {t('earnings.left', { amount: formatCurrencyAmount(product.left, code), code })}
        </span>
      </div>
      {signedIn ? (
        <button
          type="button"
          className="btn btn-primary btn-block"
          disabled={soldOut}
          onClick={onBuy}
          aria-label={`${t('earnings.buy')} ${product.name}`}
        >
          {soldOut ? t('earnings.soldOut') : t('earnings.buy')}
        </button>
      ) : (
        <p className="earn-login">
          <Link to={`/login?redirect=${encodeURIComponent(location.pathname)}`}>{t('earnings.logIn')}</Link>
          <span className="muted"> · </span>
          <Link to="/register">{t('earnings.register')}</Link>
        </p>
      )}
    </li>
  );
}

function BuyPanel({
  actor,
  balances,
}: {
  actor: ActorRefFrom<typeof earningsBuyMachine>;
  balances: Record<number, string>;
}) {
  const { t } = useTranslation();
  const snapshot = useSelector(actor, (state) => state);
  const { product, amount, problem, balance } = snapshot.context;
  const send = actor.send;
  const currencyBalance = product ? (balances[product.currencyId] ?? balance) : balance;
  useEffect(() => {
    if (product) send({ type: 'BALANCE', balance: currencyBalance });
  }, [currencyBalance, product, send]);
  if (!product || snapshot.matches('choosing')) return null;
  const code = product.code;
  return (
    <div className="earn-sheet" role="dialog" aria-modal="false" aria-labelledby="earn-buy-title">
      <section className="card earn-buy" data-testid="earn-buy">
        <div className="card-head">
          <h2 id="earn-buy-title">{product.name}</h2>
          <button
            type="button"
            className="btn btn-sm btn-outline"
            onClick={() => send({ type: 'CLOSE' })}
            disabled={snapshot.matches('buying')}
          >
            {t('earnings.close')}
          </button>
        </div>
        {snapshot.matches('done') ? (
          <div className="earn-result" data-testid="earn-bought">
            <p>{t('earnings.boughtLead', { amount, code, name: product.name })}</p>
            <button type="button" className="btn btn-primary" onClick={() => send({ type: 'CLOSE' })}>
              {t('earnings.ok')}
            </button>
          </div>
        ) : snapshot.matches('confirming') || snapshot.matches('buying') ? (
          <div className="earn-confirm" data-testid="earn-confirm">
            <p>{t('earnings.confirmLead', { amount, code, name: product.name })}</p>
            <p className="muted">
              {product.days === 0 ? t('earnings.flexibleRule') : t('earnings.fixedRule', { n: product.days })}
            </p>
            <div className="earn-actions">
              <button
                type="button"
                className="btn btn-primary"
                disabled={snapshot.matches('buying')}
                onClick={() => send({ type: 'CONFIRM' })}
              >
                {t('earnings.confirm')}
              </button>
              <button
                type="button"
                className="btn btn-outline"
                disabled={snapshot.matches('buying')}
                onClick={() => send({ type: 'CANCEL' })}
              >
                {t('earnings.back')}
              </button>
            </div>
          </div>
        ) : (
          <form
            className="form-stack"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              send({ type: 'SUBMIT' });
            }}
          >
            <AmountField
              id="earn-amount"
              label={t('earnings.amount', { code })}
              value={amount}
              placeholder={t('earnings.minPlaceholder', { min: product.min })}
              problem={problem}
              field={{ emptyKey: 'earnings.enterAmount', code, belowMinKey: 'earnings.belowMin' }}
              onValue={(value) => send({ type: 'SET_AMOUNT', amount: value })}
              action={
                <button type="button" className="field-action" onClick={() => send({ type: 'MAX' })}>
                  {t('earnings.max')}
                </button>
              }
            />
            <p className="muted" data-testid="earn-available">
              {t('earnings.available', { amount: formatCurrencyAmount(currencyBalance, code), code })}
              {' · '}
              {t('earnings.room', { amount: formatCurrencyAmount(roomOf(product), code), code })}
            </p>
            <p className="muted">
              <Link to="/assets/transfer">{t('earnings.transferIn')}</Link>
            </p>
            <button type="submit" className="btn btn-primary btn-block">
              {t('earnings.buy')}
            </button>
          </form>
        )}
      </section>
    </div>
  );
}

function ProductsTab({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const { queries, actors } = useServices();
  const decimalComma = useDecimalComma();
  const [source] = useState(() => queries.earnings.products$(signedIn));
  const products = useLoadable(source);
  const balances = useFinancialBalances(signedIn);
  const [logic] = useState(() => earningsBuyMachine.provide({ actors: { buy: actors.earnings.buy } }));
  const [, , buyActor] = useMachine(logic, { input: { decimalComma } });
  if (products.status === 'loading')
    return (
      <p className="muted" aria-busy="true">
        {t('common.loading')}
      </p>
    );
  if (products.status === 'failed') return <p className="muted">{t('earnings.failed')}</p>;
  return (
    <>
      {/* The cards' names are h3: this level keeps the outline whole for screen readers. */}
      <h2 className="visually-hidden">{t('earnings.tab_products')}</h2>
      <ul className="earn-grid" data-testid="earn-products">
        {products.data.map((product) => (
          <ProductCard
            key={product.id}
            product={product}
            signedIn={signedIn}
            onBuy={() =>
              buyActor.send({
                type: 'CHOOSE',
                product: buyProductOf(product),
                balance: balances[product.currency_id] ?? '0',
              })
            }
          />
        ))}
      </ul>
      {signedIn && <BuyPanel actor={buyActor} balances={balances} />}
    </>
  );
}

function HoldingCard({
  holding,
  now,
  pending,
  onRedeem,
  onConfirm,
  onCancel,
}: {
  holding: HoldingsPage['data'][number];
  now: number;
  pending: boolean;
  onRedeem: () => void;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const code = holding.currency_code;
  const flexible = isOn(holding.flexible);
  return (
    <li className="earn-holding" data-testid="earn-holding" data-holding={holding.id}>
      <div className="earn-card-head">
        <h3>{holding.name}</h3>
        <TermBadge days={holding.days} />
      </div>
      <dl className="earn-facts">
        <div>
          <dt>{t('earnings.principal')}</dt>
          <dd>
            {formatCurrencyAmount(holding.number, code)} {code}
          </dd>
        </div>
        <div>
          <dt>{t('earnings.dailyDividend')}</dt>
          <dd>
            {incomeText(holding.daily_dividend, code)} {code}
          </dd>
        </div>
        <div>
          <dt>{t('earnings.accruing')}</dt>
          <dd>
            {incomeText(holding.accrued, code)} {code}
          </dd>
        </div>
        <div>
          <dt>{t('earnings.income')}</dt>
          <dd data-testid="earn-income">
            {incomeText(holding.income, code)} {code}
          </dd>
        </div>
        <div>
          <dt>{t('earnings.paidDays')}</dt>
          <dd data-testid="earn-paid-days">{holding.paid_days}</dd>
        </div>
        {flexible ? (
          <div>
            <dt>{t('earnings.term')}</dt>
            <dd>{t('earnings.anyTime')}</dd>
          </div>
        ) : (
          <div>
            <dt>{t('earnings.maturesIn')}</dt>
            <dd className="earn-countdown">{countdownText(holding.matures_at - now)}</dd>
          </div>
        )}
        {holding.next_payout_at > 0 && (
          <div>
            <dt>{t('earnings.nextPayout')}</dt>
            <dd className="earn-countdown" data-testid="earn-countdown">
              {countdownText(holding.next_payout_at - now)}
            </dd>
          </div>
        )}
        {holding.matures_at > 0 && (
          <div>
            <dt>{t('earnings.maturesAt')}</dt>
            <dd>
              <TimeText value={holding.matures_at} />
            </dd>
          </div>
        )}
      </dl>
      {flexible &&
        (pending ? (
          <div className="earn-actions" role="group" aria-label={t('earnings.redeemConfirm')}>
            <span>{t('earnings.redeemConfirm')}</span>
            <button type="button" className="btn btn-sm btn-primary" onClick={onConfirm}>
              {t('earnings.redeem')}
            </button>
            <button type="button" className="btn btn-sm btn-outline" onClick={onCancel}>
              {t('earnings.keep')}
            </button>
          </div>
        ) : (
          <button type="button" className="btn btn-sm btn-outline" onClick={onRedeem}>
            {t('earnings.redeem')}
          </button>
        ))}
    </li>
  );
}

function HoldingsTab() {
  const { t } = useTranslation();
  const { queries, actors } = useServices();
  const demoTools = useDemoTools();
  const [active$] = useState(() => queries.earnings.holdings$(1));
  const [ended$] = useState(() => queries.earnings.holdings$(2));
  const [income$] = useState(() => queries.earnings.income$());
  const active = useLoadable(active$);
  const ended = useLoadable(ended$);
  const income = useLoadable(income$);
  const serverNow = active.status === 'ready' ? active.data.server_now : 0;
  const [simNow$] = useState(() => queries.earnings.simNow$());
  // The simulator's clock pushes move the countdown; a real server's answer time is the floor.
  const now = Math.max(useObservable(simNow$, 0), serverNow);
  const [redeemLogic] = useState(() =>
    earningsRedeemMachine.provide({ actors: { redeem: actors.earnings.redeem } }),
  );
  const [redeem, sendRedeem] = useMachine(redeemLogic);
  const [skipLogic] = useState(() => demoSkipMachine.provide({ actors: { skip: actors.earnings.skipDay } }));
  const [skip, sendSkip] = useMachine(skipLogic);

  return (
    <div className="earn-holdings">
      <section className="card" aria-labelledby="earn-income-title">
        <div className="card-head">
          <h2 id="earn-income-title">{t('earnings.incomeTitle')}</h2>
          {demoTools && (
            <button
              type="button"
              className="btn btn-sm btn-outline"
              disabled={skip.matches('skipping')}
              onClick={() => sendSkip({ type: 'SKIP' })}
              data-testid="earn-skip"
            >
              {t('earnings.skipDay')}
            </button>
          )}
        </div>
        {income.status === 'ready' && income.data.totals.length > 0 ? (
          <>
            <ul className="earn-totals" data-testid="earn-totals">
              {income.data.totals.map((total) => (
                <li key={total.currency_id}>
                  <strong>{incomeText(total.income, total.currency_code)}</strong> {total.currency_code}
                </li>
              ))}
            </ul>
            <IncomeChart series={income.data.series} />
          </>
        ) : (
          <p className="muted">{t('earnings.noIncome')}</p>
        )}
      </section>
      <section className="card" aria-labelledby="earn-active-title">
        <h2 id="earn-active-title">{t('earnings.active')}</h2>
        {active.status === 'ready' && active.data.data.length > 0 ? (
          <ul className="earn-grid">
            {active.data.data.map((holding) => (
              <HoldingCard
                key={holding.id}
                holding={holding}
                now={now}
                pending={redeem.context.pending === holding.id}
                onRedeem={() => sendRedeem({ type: 'REDEEM', id: holding.id })}
                onConfirm={() => sendRedeem({ type: 'CONFIRM' })}
                onCancel={() => sendRedeem({ type: 'CANCEL' })}
              />
            ))}
          </ul>
        ) : (
          <p className="muted" aria-busy={active.status === 'loading'}>
            {active.status === 'loading' ? t('common.loading') : t('earnings.noHoldings')}
          </p>
        )}
      </section>
      <section className="card" aria-labelledby="earn-ended-title">
        <h2 id="earn-ended-title">{t('earnings.ended')}</h2>
        {ended.status === 'ready' && ended.data.data.length > 0 ? (
          <div className="earn-scroll">
            <table className="earn-table" data-testid="earn-ended">
              <thead>
                <tr>
                  <th scope="col">{t('earnings.product')}</th>
                  <th scope="col">{t('earnings.principal')}</th>
                  <th scope="col">{t('earnings.income')}</th>
                  <th scope="col">{t('earnings.status')}</th>
                  <th scope="col">{t('earnings.endedAt')}</th>
                </tr>
              </thead>
              <tbody>
                {ended.data.data.map((holding) => (
                  <tr key={holding.id}>
                    <td>{holding.name}</td>
                    <td className="num">
                      {formatCurrencyAmount(holding.number, holding.currency_code)} {holding.currency_code}
                    </td>
                    <td className="num">
                      {incomeText(holding.income, holding.currency_code)} {holding.currency_code}
                    </td>
                    <td>{t(`earnings.status_${holding.status}`)}</td>
                    <td>
                      <TimeText value={holding.closed_at} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="muted">{t('earnings.noEnded')}</p>
        )}
      </section>
    </div>
  );
}

function RecordsTab() {
  const { t } = useTranslation();
  const { queries } = useServices();
  const [page, setPage] = useState(1);
  const source = useMemo(() => queries.earnings.dividends$(page), [queries, page]);
  const records = useLoadable(source);
  if (records.status !== 'ready')
    return (
      <p className="muted" aria-busy={records.status === 'loading'}>
        {records.status === 'loading' ? t('common.loading') : t('earnings.failed')}
      </p>
    );
  const { data, total, last_page: last } = records.data;
  return (
    <section className="card" aria-labelledby="earn-records-title">
      <h2 id="earn-records-title">{t('earnings.records')}</h2>
      {data.length === 0 ? (
        <p className="muted">{t('earnings.noRecords')}</p>
      ) : (
        <div className="earn-scroll">
          <table className="earn-table" data-testid="earn-records">
            <thead>
              <tr>
                <th scope="col">{t('earnings.product')}</th>
                <th scope="col">{t('earnings.day')}</th>
                <th scope="col">{t('earnings.dividend')}</th>
                <th scope="col">{t('earnings.paidAt')}</th>
              </tr>
            </thead>
            <tbody>
              {data.map((record) => (
                <tr key={record.id} data-testid="earn-record">
                  <td>{record.name}</td>
                  <td className="num">{record.day}</td>
                  <td className="num">
                    +{incomeText(record.number, record.currency_code)} {record.currency_code}
                  </td>
                  <td>
                    <TimeText value={record.due_at} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {showsPager(total) && (
        <nav className="earn-pager" aria-label={t('earnings.pages')}>
          <button
            type="button"
            className="btn btn-sm btn-outline"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            {t('earnings.previous')}
          </button>
          <span className="muted">{t('earnings.pageOf', { page, last })}</span>
          <button
            type="button"
            className="btn btn-sm btn-outline"
            disabled={page >= last}
            onClick={() => setPage(page + 1)}
          >
            {t('earnings.next')}
          </button>
        </nav>
      )}
    </section>
  );
}

/** /deposit (spec §2 Deposit): earnings products, my holdings with their income, and the records. */
export default function EarningsPage() {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const [tab, setTab] = useState<Tab>('products');
  const shown = signedIn ? tab : 'products';
  return (
    <div className="earn" data-testid="earnings-page">
      <header className="earn-head">
        <div>
          <h1>{t('pages.deposit')}</h1>
          <p className="muted">{t('earnings.lead')}</p>
        </div>
        {signedIn && (
          <Link className="btn btn-outline btn-sm" to="/assets/transfer">
            {t('earnings.transferIn')}
          </Link>
        )}
      </header>
      {signedIn && (
        <div className="earn-tabs" role="tablist" aria-label={t('earnings.tabs')}>
          {TABS.map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              id={`earn-tab-${name}`}
              aria-selected={shown === name}
              aria-controls="earn-panel"
              className={shown === name ? 'active' : undefined}
              onClick={() => setTab(name)}
            >
              {t(`earnings.tab_${name}`)}
            </button>
          ))}
        </div>
      )}
      <div id="earn-panel" role="tabpanel" aria-labelledby={signedIn ? `earn-tab-${shown}` : undefined}>
        {shown === 'products' && <ProductsTab signedIn={signedIn} />}
        {shown === 'holdings' && <HoldingsTab />}
        {shown === 'records' && <RecordsTab />}
      </div>
    </div>
  );
}
