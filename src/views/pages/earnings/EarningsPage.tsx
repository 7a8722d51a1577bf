import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSignedIn } from '../../use-session.ts';
import { HoldingsTab } from './holdings/HoldingsTab.tsx';
import { ProductsTab } from './products/ProductsTab.tsx';
import { RecordsTab } from './records/RecordsTab.tsx';
import '../auth/kit/forms.css';
import '../personal/personal.css';
import './earnings.css';

type Tab = 'products' | 'holdings' | 'records';
const TABS: readonly Tab[] = ['products', 'holdings', 'records'];

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
