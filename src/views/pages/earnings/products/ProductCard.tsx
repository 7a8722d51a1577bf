import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { quotaUsedPercent } from '../../../../domain/earnings/rules.ts';
import { unitsOf } from '../../../../domain/wallet/amounts.ts';
import type { EarningsProduct } from '../../../../machines/actors/earnings.ts';
import { TermBadge } from '../TermBadge.tsx';
import { useNumberText } from '../../../use-number-text.ts';

/** One product of ieo/list: its rate, term, limits, quota used, and buy (or log in) below. */
export function ProductCard({
  product,
  signedIn,
  onBuy,
}: {
  product: EarningsProduct;
  signedIn: boolean;
  onBuy: () => void;
}) {
  const numbers = useNumberText();
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
        <strong>{numbers.percent(product.rate)}</strong>{' '}
        <span className="muted">{t('earnings.annualRate')}</span>
      </p>
      <dl className="earn-facts">
        <div>
          <dt>{t('earnings.dailyRate')}</dt>
          <dd>{numbers.percent(product.daily_rate)}</dd>
        </div>
        <div>
          <dt>{t('earnings.term')}</dt>
          <dd>{product.days === 0 ? t('earnings.anyTime') : t('earnings.days', { n: product.days })}</dd>
        </div>
        <div>
          <dt>{t('earnings.minimum')}</dt>
          <dd>
            {numbers.amount(product.min_number, code)} {code}
          </dd>
        </div>
        <div>
          <dt>{t('earnings.perUser')}</dt>
          <dd>
            {numbers.amount(product.max_number, code)} {code}
          </dd>
        </div>
        {signedIn && (unitsOf(product.held) ?? 0n) > 0n && (
          <div>
            <dt>{t('earnings.held')}</dt>
            <dd data-testid="earn-held">
              {numbers.amount(product.held, code)} {code}
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
          {t('earnings.left', { amount: numbers.amount(product.left, code), code })}
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
