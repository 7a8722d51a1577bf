import { ProductsTabView } from './ProductsTab.ui.tsx';
import { useProductsTab } from './products-tab.script.ts';

/** The products tab: its script (reads and the buy machine) drawn by its view. */
export function ProductsTab({ signedIn }: { signedIn: boolean }) {
  return <ProductsTabView {...useProductsTab(signedIn)} />;
}
