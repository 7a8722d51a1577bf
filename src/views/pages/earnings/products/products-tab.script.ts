import { useMemo, useState } from 'react';
import type { EarningsProduct } from '../../../../machines/actors/earnings.ts';
import type { Loadable } from '../../../../streams/loadable.ts';
import type { EarningsProducts } from '../../../../streams/queries/earnings.ts';
import { useServices } from '../../../services-context.ts';
import { useMachine } from '../../../use-app-actor.ts';
import { useLoadable } from '../../../use-loadable.ts';
import { useDecimalComma } from '../../assets/wallet-kit.tsx';
import { buyProductOf } from './buy-product.ts';
import { type BuyPanelProps, useBuyPanel } from './buy-panel.script.ts';

/** The financial account's available balance of each currency id (account/list, following pushes). */
function useFinancialBalances(signedIn: boolean): Record<number, string> {
  const { queries } = useServices();
  // A visitor has no wallet: asking for it would answer 999 and send them to log in.
  const [source] = useState(() => (signedIn ? queries.wallet.accounts$() : null));
  const groups = useLoadable(source);
  return useMemo(() => {
    if (!signedIn || groups.data === undefined) return {};
    const financial = groups.data.find((group) => group.account_code === 'financial_account');
    return Object.fromEntries((financial?.accounts ?? []).map((line) => [line.currency_id, line.balance]));
  }, [groups, signedIn]);
}

export interface ProductsTabProps {
  products: Loadable<EarningsProducts>;
  signedIn: boolean;
  onBuy: (product: EarningsProduct) => void;
  buy: BuyPanelProps;
}

/** The products and the buy flow: the list follows pushes, the buy machine its own balance. */
export function useProductsTab(signedIn: boolean): ProductsTabProps {
  const { queries, machines } = useServices();
  const decimalComma = useDecimalComma();
  const [source] = useState(() => queries.earnings.products$(signedIn));
  const products = useLoadable(source);
  const balances = useFinancialBalances(signedIn);
  const [, , buyActor] = useMachine(machines.earnings.buy, { input: { decimalComma } });
  const buy = useBuyPanel(buyActor);
  return {
    products,
    signedIn,
    buy,
    onBuy: (product) =>
      buyActor.send({
        type: 'CHOOSE',
        product: buyProductOf(product),
        balance: balances[product.currency_id] ?? '0',
      }),
  };
}
