import { useTranslation } from 'react-i18next';
import { BuyPanel } from './BuyPanel.ui.tsx';
import { ProductCard } from './ProductCard.tsx';
import type { ProductsTabProps } from './products-tab.script.ts';

/** The products tab from plain props: the cards, and the buy sheet of the one chosen. */
export function ProductsTabView({ products, signedIn, onBuy, buy }: ProductsTabProps) {
  const { t } = useTranslation();
  // A reload keeps the cards it had (Loadable keeps its data); only a first load shows its state.
  if (products.data === undefined)
    return products.status === 'failed' ? (
      <p className="muted">{t('earnings.failed')}</p>
    ) : (
      <p className="muted" aria-busy="true">
        {t('common.loading')}
      </p>
    );
  return (
    <>
      {/* The cards' names are h3: this level keeps the outline whole for screen readers. */}
      <h2 className="visually-hidden">{t('earnings.tab_products')}</h2>
      <ul className="earn-grid" data-testid="earn-products">
        {products.data.map((product) => (
          <ProductCard key={product.id} product={product} signedIn={signedIn} onBuy={() => onBuy(product)} />
        ))}
      </ul>
      {signedIn && <BuyPanel {...buy} />}
    </>
  );
}
