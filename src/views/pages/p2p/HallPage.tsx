import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { OTC_AD_BUY, OTC_AD_SELL } from '../../../domain/contract-codes.ts';
import { P2P_COIN_CODES, P2P_FIATS } from '../../../domain/p2p/amounts.ts';
import { companionText } from '../../../domain/p2p/entry.ts';
import { P2P_PAY_METHODS } from '../../../domain/p2p/limits.ts';
import { readNumberEntry } from '../../../domain/number-entry.ts';
import { p2pOrderEntryMachine, termsOf, type EntryAd } from '../../../machines/p2p-order-entry.machine.ts';
import type { OtcAd } from '../../../streams/queries/p2p.ts';
import { useServices } from '../../services-context.ts';
import { useMachine } from '../../use-app-actor.ts';
import { useLoadable } from '../../use-loadable.ts';
import { useSignedIn } from '../../use-session.ts';
import { useDecimalComma } from '../assets/wallet-kit.tsx';
import { entryMessageKey, FloatingMark, P2pDialog, P2pNav, Pager, PayMethods } from './p2p-kit.tsx';
import '../auth/kit/forms.css';
import './p2p.css';
import { useNumberText } from '../../use-number-text.ts';

function entryAdOf(ad: OtcAd): EntryAd {
  return {
    id: ad.id,
    takerBuys: ad.type === OTC_AD_SELL,
    coin: ad.coin,
    fiat: ad.fiat,
    price: ad.price,
    min: ad.min,
    max: ad.max_now,
    left: ad.left,
    coinDecimals: ad.coin_decimals,
  };
}

function MerchantCell({ ad }: { ad: OtcAd }) {
  const numbers = useNumberText();
  const { t } = useTranslation();
  const m = ad.merchant;
  return (
    <div className="p2p-merchant">
      <span className="p2p-avatar" aria-hidden="true">
        {m.name.slice(0, 1).toUpperCase()}
      </span>
      <div>
        <strong>{m.name}</strong>
        <span className="muted p2p-small">
          {t('p2p.ordersCount', { n: m.orders_30d })} ·{' '}
          {t('p2p.completion', { rate: numbers.exact(m.completion_rate) })}
        </span>
      </div>
    </div>
  );
}

/** The order dialog: amount and quantity in sync, the ad's limits, a confirmation before placing. */
function OrderDialog({
  snapshot,
  send,
}: {
  snapshot: ReturnType<typeof useMachine<typeof p2pOrderEntryMachine>>[0];
  send: ReturnType<typeof useMachine<typeof p2pOrderEntryMachine>>[1];
}) {
  const numbers = useNumberText();
  const { t } = useTranslation();
  const { ad, by, text, problem, decimalComma } = snapshot.context;
  if (!ad) return null;
  const terms = termsOf(ad);
  const other = companionText(text, by, terms, decimalComma);
  const verb = ad.takerBuys ? 'buy' : 'sell';
  const confirming = snapshot.matches('confirming') || snapshot.matches('placing');
  const message = problem
    ? (() => {
        const { key } = entryMessageKey(problem.kind);
        return t(key, { max: 'max' in problem ? problem.max : 0 });
      })()
    : '';
  const amountText = by === 'amount' ? text : other;
  const quantityText = by === 'quantity' ? text : other;
  const shown = (value: string) => {
    const entry = readNumberEntry(value, { maxDecimals: 8, decimalComma });
    return entry.kind === 'number' ? numbers.exact(entry.value) : value;
  };
  return (
    <P2pDialog labelledBy="p2p-order-title" testId="p2p-order-dialog">
      <h2 id="p2p-order-title">
        {t(`p2p.${verb}Coin`, { coin: ad.coin })} · {numbers.exact(ad.price)} {ad.fiat}
      </h2>
      {confirming ? (
        <>
          <p>{t(ad.takerBuys ? 'p2p.confirmBuy' : 'p2p.confirmSell')}</p>
          <dl className="p2p-facts">
            <div>
              <dt>{t('p2p.amount')}</dt>
              <dd data-testid="p2p-confirm-amount">
                {shown(amountText)} {ad.fiat}
              </dd>
            </div>
            <div>
              <dt>{t('p2p.quantity')}</dt>
              <dd>
                {shown(quantityText)} {ad.coin}
              </dd>
            </div>
          </dl>
          <div className="p2p-dialog-actions">
            <button type="button" className="btn btn-outline" onClick={() => send({ type: 'CANCEL' })}>
              {t('p2p.back')}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={snapshot.matches('placing')}
              onClick={() => send({ type: 'CONFIRM' })}
            >
              {t('p2p.placeOrder')}
            </button>
          </div>
        </>
      ) : (
        <form
          className="form-stack"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'SUBMIT' });
          }}
        >
          <div className="p2p-segment" role="radiogroup" aria-label={t('p2p.orderBy')}>
            {(['amount', 'quantity'] as const).map((option) => (
              <button
                key={option}
                type="button"
                role="radio"
                aria-checked={by === option}
                className={by === option ? 'active' : undefined}
                onClick={() => send({ type: 'SET_BY', by: option })}
              >
                {t(option === 'amount' ? 'p2p.byAmount' : 'p2p.byQuantity')}
              </button>
            ))}
          </div>
          <div className={`field${problem ? ' field-invalid' : ''}`}>
            <label htmlFor="p2p-order-input">
              {by === 'amount'
                ? t('p2p.amountIn', { code: ad.fiat })
                : t('p2p.quantityIn', { code: ad.coin })}
            </label>
            <div className="field-box">
              <input
                id="p2p-order-input"
                inputMode="decimal"
                autoComplete="off"
                value={text}
                placeholder={`${numbers.exact(ad.min)} – ${numbers.exact(ad.max)}`}
                aria-invalid={problem !== null}
                aria-describedby={problem ? 'p2p-order-problem' : undefined}
                onChange={(event) => send({ type: 'SET_TEXT', text: event.target.value })}
              />
              <span className="p2p-unit">{by === 'amount' ? ad.fiat : ad.coin}</span>
            </div>
            {problem ? (
              <p
                id="p2p-order-problem"
                className="field-problem"
                role="alert"
                data-testid="p2p-order-problem"
              >
                {message}
              </p>
            ) : null}
          </div>
          <p className="muted p2p-small" data-testid="p2p-order-other">
            {by === 'amount'
              ? t('p2p.youGetQuantity', { value: shown(other || '0'), code: ad.coin })
              : t('p2p.youPayAmount', { value: shown(other || '0'), code: ad.fiat })}
          </p>
          <p className="muted p2p-small">
            {t('p2p.limits')}: {numbers.exact(ad.min)} – {numbers.exact(ad.max)} {ad.fiat}
          </p>
          <div className="p2p-dialog-actions">
            <button type="button" className="btn btn-outline" onClick={() => send({ type: 'CLOSE' })}>
              {t('common.close')}
            </button>
            <button type="submit" className="btn btn-primary">
              {t(`p2p.${verb}Coin`, { coin: ad.coin })}
            </button>
          </div>
        </form>
      )}
    </P2pDialog>
  );
}

/** /legalIndex/legal: the trading hall. */
export default function HallPage() {
  const numbers = useNumberText();
  const { t } = useTranslation();
  const { queries, machines } = useServices();
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  const location = useLocation();
  const decimalComma = useDecimalComma();
  const [filter, setFilter] = useState({
    type: OTC_AD_SELL as number,
    coin: 'USDT',
    fiat: 'CNY',
    method: '',
    amount: '',
  });
  const [amountText, setAmountText] = useState('');
  const [page, setPage] = useState(1);
  const { type, coin, fiat, method } = filter;
  const amountEntry = readNumberEntry(amountText, { maxDecimals: 2, decimalComma });
  const amountBad = amountEntry.kind !== 'number' && amountEntry.kind !== 'empty';
  // A filter change starts again from page 1.
  const choose = (change: Partial<typeof filter>) => {
    setFilter((current) => ({ ...current, ...change }));
    setPage(1);
  };
  const setType = (value: number) => choose({ type: value });
  const setCoin = (value: string) => choose({ coin: value });
  const setFiat = (value: string) => choose({ fiat: value });
  const setMethod = (value: string) => choose({ method: value });
  const typeAmount = (text: string) => {
    setAmountText(text);
    const entry = readNumberEntry(text, { maxDecimals: 2, decimalComma });
    // Only a number filters; a text that is not one shows its message and keeps the last filter.
    if (entry.kind === 'number' || entry.kind === 'empty')
      choose({ amount: entry.kind === 'number' ? entry.value : '' });
  };
  const source = useMemo(
    () =>
      queries.p2p.ads$(
        {
          type: filter.type,
          coin: filter.coin,
          fiat: filter.fiat,
          page,
          ...(filter.method ? { pay_method: filter.method } : {}),
          ...(filter.amount ? { amount: filter.amount } : {}),
        },
        signedIn,
      ),
    [queries, filter, page, signedIn],
  );
  const ads = useLoadable(source);
  const [snapshot, send, ref] = useMachine(machines.p2p.orderEntry, { input: { decimalComma } });
  useEffect(() => {
    const sub = ref.on('placed', (event) => navigate(`/legalIndex/orderdetail?id=${event.orderId}`));
    return () => sub.unsubscribe();
  }, [ref, navigate]);

  return (
    <div className="p2p" data-testid="p2p-hall">
      <header className="p2p-head">
        <h1>{t('pages.legal')}</h1>
        <P2pNav />
      </header>
      <section className="p2p-card p2p-filters" aria-label={t('p2p.filters')}>
        <div className="p2p-sides" role="tablist" aria-label={t('p2p.side')}>
          <button
            type="button"
            role="tab"
            aria-selected={type === OTC_AD_SELL}
            className={`p2p-side-buy${type === OTC_AD_SELL ? ' active' : ''}`}
            onClick={() => setType(OTC_AD_SELL)}
          >
            {t('p2p.buy')}
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={type === OTC_AD_BUY}
            className={`p2p-side-sell${type === OTC_AD_BUY ? ' active' : ''}`}
            onClick={() => setType(OTC_AD_BUY)}
          >
            {t('p2p.sell')}
          </button>
        </div>
        <div className="p2p-coins" role="radiogroup" aria-label={t('p2p.coin')}>
          {P2P_COIN_CODES.map((code) => (
            <button
              key={code}
              type="button"
              role="radio"
              aria-checked={coin === code}
              className={coin === code ? 'active' : undefined}
              onClick={() => setCoin(code)}
            >
              {code}
            </button>
          ))}
        </div>
        <div className="p2p-filter-fields">
          <label className="p2p-select">
            <span>{t('p2p.fiat')}</span>
            <select value={fiat} onChange={(event) => setFiat(event.target.value)}>
              {P2P_FIATS.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </label>
          <label className="p2p-select">
            <span>{t('p2p.payMethod')}</span>
            <select value={method} onChange={(event) => setMethod(event.target.value)}>
              <option value="">{t('p2p.allMethods')}</option>
              {P2P_PAY_METHODS.map((code) => (
                <option key={code} value={code}>
                  {t(`p2p.method.${code}`)}
                </option>
              ))}
            </select>
          </label>
          <label className={`p2p-select${amountBad ? ' field-invalid' : ''}`}>
            <span>{t('p2p.amountIn', { code: fiat })}</span>
            <input
              inputMode="decimal"
              autoComplete="off"
              value={amountText}
              placeholder={t('p2p.anyAmount')}
              aria-invalid={amountBad || undefined}
              onChange={(event) => typeAmount(event.target.value)}
            />
          </label>
        </div>
        {amountBad ? (
          <p className="field-problem" role="alert">
            {t(entryMessageKey(amountEntry.kind).key, { max: 2 })}
          </p>
        ) : null}
      </section>
      <section className="p2p-card p2p-list" aria-label={t('p2p.ads')}>
        <div className="p2p-row p2p-row-head" aria-hidden="true">
          <span>{t('p2p.merchant')}</span>
          <span>{t('p2p.price')}</span>
          <span>{t('p2p.limitsAvailable')}</span>
          <span>{t('p2p.payMethod')}</span>
          <span />
        </div>
        {ads.status === 'loading' ? <p className="muted p2p-empty">{t('common.loading')}</p> : null}
        {ads.status === 'failed' ? <p className="muted p2p-empty">{t('p2p.loadFailed')}</p> : null}
        {ads.status === 'ready' && ads.data.data.length === 0 ? (
          <p className="muted p2p-empty">{t('p2p.noAds')}</p>
        ) : null}
        {ads.status === 'ready' ? (
          <ul className="p2p-rows">
            {ads.data.data.map((ad) => (
              <li
                key={ad.id}
                className="p2p-row"
                data-testid="p2p-ad"
                data-ad={ad.id}
                data-merchant={ad.merchant.name}
              >
                <MerchantCell ad={ad} />
                <span className="p2p-price">
                  <strong className="num">{numbers.exact(ad.price)}</strong>{' '}
                  <span className="muted">{ad.fiat}</span>
                  <FloatingMark margin={ad.float_margin} />
                </span>
                <span className="p2p-limits">
                  <span className="p2p-small">
                    <span className="muted">{t('p2p.available')} </span>
                    <span className="num">
                      {numbers.exact(ad.left)} {ad.coin}
                    </span>
                  </span>
                  <span className="p2p-small">
                    <span className="muted">{t('p2p.limits')} </span>
                    <span className="num">
                      {numbers.exact(ad.min)} – {numbers.exact(ad.max_now)} {ad.fiat}
                    </span>
                  </span>
                </span>
                <PayMethods methods={ad.pay_methods} />
                <span className="p2p-row-action">
                  {signedIn ? (
                    <button
                      type="button"
                      className={`btn btn-sm ${ad.type === OTC_AD_SELL ? 'p2p-btn-buy' : 'p2p-btn-sell'}`}
                      onClick={() => send({ type: 'OPEN', ad: entryAdOf(ad) })}
                    >
                      {t(ad.type === OTC_AD_SELL ? 'p2p.buyCoin' : 'p2p.sellCoin', { coin: ad.coin })}
                    </button>
                  ) : (
                    <Link
                      className="btn btn-sm btn-outline"
                      to={`/login?redirect=${encodeURIComponent(location.pathname)}`}
                    >
                      {t('p2p.logInToTrade')}
                    </Link>
                  )}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
        {ads.status === 'ready' ? <Pager page={page} last={ads.data.last_page} onPage={setPage} /> : null}
      </section>
      {!snapshot.matches('closed') ? <OrderDialog snapshot={snapshot} send={send} /> : null}
    </div>
  );
}
