import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  OTC_AD_OFF_SHELF,
  OTC_AD_OPEN,
  OTC_AD_PAUSED,
  OTC_AD_SELL,
  isOn,
  type OtcAdStatus,
} from '../../../domain/contract-codes.ts';
import { isP2pCoin } from '../../../domain/p2p/amounts.ts';
import { readPref } from '../../../machines/local-prefs.ts';
import type { AdEditorForm, AdReferences } from '../../../machines/p2p-ad-editor.machine.ts';
import type { OtcAd } from '../../../streams/queries/p2p.ts';
import { useServices } from '../../services-context.ts';
import { useMachine } from '../../use-app-actor.ts';
import { useLoadable } from '../../use-loadable.ts';
import { TimeText } from '../assets/TimeText.tsx';
import { RequireSignIn } from '../personal/RequireSignIn.tsx';
import { AdEditor } from './AdEditor.tsx';
import { BecomeMerchant } from './BecomeMerchant.tsx';
import { ConfirmDialog, FloatingMark, P2pNav, Pager, PayMethods } from './p2p-kit.tsx';
import '../auth/kit/forms.css';
import './p2p.css';
import { useNumberText } from '../../use-number-text.ts';

const AD_STATUS_KEY: Record<number, string> = {
  [OTC_AD_OPEN]: 'p2p.adStatus.open',
  [OTC_AD_PAUSED]: 'p2p.adStatus.paused',
  [OTC_AD_OFF_SHELF]: 'p2p.adStatus.off',
};

/** A decimal as the editor shows it ("7.20" stays "7.20": the server's text is already plain). */
function formOf(ad: OtcAd): AdEditorForm {
  return {
    type: ad.type,
    coin: isP2pCoin(ad.coin) ? ad.coin : 'USDT',
    fiat: ad.fiat,
    // A floating ad's price field starts from its price now, if the merchant switches it to fixed.
    price: ad.price,
    floating: ad.float_margin !== '',
    margin: ad.float_margin,
    total: ad.total,
    min: ad.min,
    max: ad.max,
    payMethods: [...ad.pay_methods],
    payLimitMinutes: ad.pay_limit,
    remarks: ad.remarks,
  };
}

function StoreCard() {
  const numbers = useNumberText();
  const { t } = useTranslation();
  const { queries } = useServices();
  const [source] = useState(() => queries.p2p.shop$());
  const shop = useLoadable(source);
  if (shop.status !== 'ready') return <section className="p2p-card p2p-store" aria-busy="true" />;
  const m = shop.data;
  const levels = [
    ['p2p.verifiedEmail', m.email_verified],
    ['p2p.verifiedMobile', m.mobile_verified],
    ['p2p.verifiedName', m.real_name_verified],
  ] as const;
  return (
    <section className="p2p-card p2p-store" aria-labelledby="p2p-store-name" data-testid="p2p-store">
      <div className="p2p-merchant">
        <span className="p2p-avatar" aria-hidden="true">
          {m.name.slice(0, 1).toUpperCase()}
        </span>
        <div>
          <h2 id="p2p-store-name">{m.name}</h2>
          <span className="muted p2p-small">
            {t('p2p.registered')} <TimeText value={m.registered_at} />
          </span>
        </div>
      </div>
      <dl className="p2p-facts p2p-store-facts">
        <div>
          <dt>{t('p2p.totalOrders')}</dt>
          <dd className="num">{m.total_orders}</dd>
        </div>
        <div>
          <dt>{t('p2p.orders30d')}</dt>
          <dd className="num">{m.orders_30d}</dd>
        </div>
        <div>
          <dt>{t('p2p.completionRate')}</dt>
          <dd className="num">{numbers.percent(m.completion_rate)}</dd>
        </div>
        <div>
          <dt>{t('p2p.avgRelease')}</dt>
          <dd className="num">{t('p2p.seconds', { n: m.avg_release_seconds })}</dd>
        </div>
      </dl>
      <ul className="p2p-levels">
        {levels.map(([key, on]) => (
          <li key={key} className={isOn(on) ? 'on' : undefined}>
            {isOn(on) ? '✓' : '–'} {t(key)}
          </li>
        ))}
      </ul>
    </section>
  );
}

function MyAds() {
  const numbers = useNumberText();
  const { t } = useTranslation();
  const { queries, machines } = useServices();
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  // A new source after the merchant's own change, so the list shows it at once.
  const source = useMemo(() => (void version, queries.p2p.myAds$(page)), [queries, page, version]);
  const ads = useLoadable(source);
  const [editing, setEditing] = useState<{ adId: number | null; form?: AdEditorForm } | null>(null);
  const [status, sendStatus, statusRef] = useMachine(machines.p2p.adStatus);
  useEffect(() => {
    const sub = statusRef.on('changed', () => setVersion((v) => v + 1));
    return () => sub.unsubscribe();
  }, [statusRef]);
  const done = useCallback((saved: boolean) => {
    setEditing(null);
    if (saved) setVersion((v) => v + 1);
  }, []);
  const ask = (id: number, next: OtcAdStatus) => sendStatus({ type: 'ASK', id, status: next });
  return (
    <section className="p2p-card p2p-list" aria-labelledby="p2p-my-ads">
      <div className="p2p-list-tools">
        <h2 id="p2p-my-ads">{t('p2p.myAds')}</h2>
        <button type="button" className="btn btn-primary btn-sm" onClick={() => setEditing({ adId: null })}>
          {t('p2p.publishAd')}
        </button>
      </div>
      {ads.status === 'loading' ? <p className="muted p2p-empty">{t('common.loading')}</p> : null}
      {ads.status === 'ready' && ads.data.data.length === 0 ? (
        <p className="muted p2p-empty">{t('p2p.noMyAds')}</p>
      ) : null}
      {ads.status === 'ready' ? (
        <ul className="p2p-rows">
          {ads.data.data.map((ad) => (
            <li key={ad.id} className="p2p-row p2p-my-ad" data-testid="p2p-my-ad" data-ad={ad.id}>
              <span>
                <strong>{t(ad.type === OTC_AD_SELL ? 'p2p.adSell' : 'p2p.adBuy', { coin: ad.coin })}</strong>
                <span className="muted p2p-small">
                  {' '}
                  · {t(AD_STATUS_KEY[ad.status] ?? 'p2p.adStatus.off')}
                </span>
              </span>
              <span className="p2p-price">
                <strong className="num">{numbers.exact(ad.price)}</strong>{' '}
                <span className="muted">{ad.fiat}</span>
                <FloatingMark margin={ad.float_margin} />
              </span>
              <span className="p2p-limits">
                <span className="p2p-small">
                  <span className="muted">{t('p2p.available')} </span>
                  <span className="num">
                    {numbers.exact(ad.left)} / {numbers.exact(ad.total)} {ad.coin}
                  </span>
                </span>
                <span className="p2p-small">
                  <span className="muted">{t('p2p.limits')} </span>
                  <span className="num">
                    {numbers.exact(ad.min)} – {numbers.exact(ad.max)} {ad.fiat}
                  </span>
                </span>
              </span>
              <PayMethods methods={ad.pay_methods} />
              <span className="p2p-row-action p2p-ad-actions">
                {ad.status !== OTC_AD_OFF_SHELF ? (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline"
                    onClick={() => setEditing({ adId: ad.id, form: formOf(ad) })}
                  >
                    {t('p2p.edit')}
                  </button>
                ) : null}
                {ad.status === OTC_AD_OPEN ? (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline"
                    onClick={() => ask(ad.id, OTC_AD_PAUSED)}
                  >
                    {t('p2p.pause')}
                  </button>
                ) : null}
                {ad.status === OTC_AD_PAUSED ? (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline"
                    onClick={() => ask(ad.id, OTC_AD_OPEN)}
                  >
                    {t('p2p.reopen')}
                  </button>
                ) : null}
                {ad.status !== OTC_AD_OFF_SHELF ? (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline p2p-btn-alert"
                    onClick={() => ask(ad.id, OTC_AD_OFF_SHELF)}
                  >
                    {t('p2p.offShelf')}
                  </button>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {ads.status === 'ready' ? <Pager page={page} last={ads.data.last_page} onPage={setPage} /> : null}
      {editing ? (
        <AdEditor
          adId={editing.adId}
          {...(editing.form ? { form: editing.form } : {})}
          references={ads.data?.reference_prices ?? NO_REFERENCES}
          onDone={done}
        />
      ) : null}
      {status.context.ask && !status.matches('idle') ? (
        <ConfirmDialog
          title={t(AD_STATUS_KEY[status.context.ask.status] ?? 'p2p.adStatus.off')}
          body={<p>{t(`p2p.askAdStatus.${status.context.ask.status}`)}</p>}
          confirmLabel={t('p2p.confirm')}
          busy={status.matches('saving')}
          onConfirm={() => sendStatus({ type: 'CONFIRM' })}
          onCancel={() => sendStatus({ type: 'CANCEL' })}
        />
      ) : null}
    </section>
  );
}

function Shop() {
  const { t } = useTranslation();
  // The shop is a seller's (spec §6: is_seller); anyone else is told how to become one.
  const isSeller = readPref('isSeller') === '1';
  return (
    <div className="p2p" data-testid="p2p-shop-page">
      <header className="p2p-head">
        <h1>{t(isSeller ? 'pages.myshoporders' : 'p2p.nav.myShop')}</h1>
        <P2pNav shop={isSeller} />
      </header>
      {isSeller ? (
        <>
          <StoreCard />
          <MyAds />
        </>
      ) : (
        <BecomeMerchant />
      )}
    </div>
  );
}

const NO_REFERENCES: AdReferences = {};

/** /myshop/myshoporders: the merchant's store card and ads. */
export default function ShopPage() {
  return (
    <RequireSignIn>
      <Shop />
    </RequireSignIn>
  );
}
