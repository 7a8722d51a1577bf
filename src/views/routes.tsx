import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { NotFound } from './shell/ComingSoon.tsx';
import { Layout, WidthLayout } from './shell/Layout.tsx';
import { PageErrorBoundary } from './shell/PageErrorBoundary.tsx';
import { RequireToken } from './shell/RequireToken.tsx';
import { RequireSignIn } from './pages/personal/RequireSignIn.tsx';
import { machinesReady } from '../machines/deferred.ts';
import { pageTextReady } from './i18n/setup.ts';
import { FirstPageMark } from './first-page.ts';
import { OnlyMachines, type PageFeatures } from './shell/OnlyMachines.tsx';

/**
 * Every route of spec §2. Pages are lazy chunks, so the first paint only downloads the shell (a
 * page that has not landed yet renders <ComingSoon> and is listed in COMING_SOON_PATHS). A page
 * renders once its chunk, the pages' part of the locale (i18n/locale-parts.ts) and the features'
 * machines (machines/deferred.ts) are all in: every feature's, or, for a page that names the
 * features it runs, those alone. Such a page sees only those (OnlyMachines), so one that came to
 * read another fails every time, not only when the others are late.
 */
function page(load: () => Promise<{ default: ComponentType }>, features?: PageFeatures): ReactNode {
  const Page = lazy(() =>
    Promise.all([load(), pageTextReady(), machinesReady(features)]).then(([loaded]) => loaded),
  );
  if (features === undefined) return routedPage(<Page />);
  return routedPage(
    <OnlyMachines features={features}>
      <Page />
    </OnlyMachines>,
  );
}

/**
 * Pages that show the market and the news (quotes, announcements, the markets table) from the
 * exchange's streams run no machine: they render without waiting for any (issue 27: a returning
 * visitor's live quotes waited for the eight machine modules).
 */
const MARKET_PAGE: PageFeatures = [];
/** The trading screens run the trading machines and, on spot, the price alerts: wired first. */
const TRADING_SCREEN: PageFeatures = ['trading', 'alerts'];

function routedPage(shown: ReactNode): ReactNode {
  return (
    <PageErrorBoundary>
      <Suspense fallback={<div className="page-loading" aria-busy="true" />}>
        {shown}
        <FirstPageMark />
      </Suspense>
    </PageErrorBoundary>
  );
}

type AccountPages = typeof import('./pages/assets/AccountPage.tsx');
type RecordsPages = typeof import('./pages/assets/RecordsPage.tsx');

/** One of the wallet's account pages, from the chunk they share. */
function assetsPage(pick: (pages: AccountPages) => ComponentType) {
  return import('./pages/assets/AccountPage.tsx').then((pages) => ({ default: pick(pages) }));
}

/** One of the wallet's records pages (dealRecords, transferLog, /coinlog), from the chunk they share. */
function recordsPage(pick: (pages: RecordsPages) => ComponentType) {
  return import('./pages/assets/RecordsPage.tsx').then((pages) => ({ default: pick(pages) }));
}

type P2pOrderPages = typeof import('./pages/p2p/OrdersPage.tsx');
type P2pDetailPages = typeof import('./pages/p2p/OrderDetailPage.tsx');

/** One of the P2P order lists (mine, my shop's), from the chunk they share. */
function p2pOrdersPage(pick: (pages: P2pOrderPages) => ComponentType) {
  return import('./pages/p2p/OrdersPage.tsx').then((pages) => ({ default: pick(pages) }));
}

/** The P2P order detail from either side (buyer or seller, my orders or my shop's). */
function p2pDetailPage(pick: (pages: P2pDetailPages) => ComponentType) {
  return import('./pages/p2p/OrderDetailPage.tsx').then((pages) => ({ default: pick(pages) }));
}

/** Routes whose page is still "coming soon" (the README lists them; a test keeps it honest). */
export const COMING_SOON_PATHS = [] as const;

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { index: true, element: <Navigate to="/home" replace /> },
      { path: 'home', element: page(() => import('./pages/home/HomePage.tsx'), MARKET_PAGE) },
      { path: 'markets', element: page(() => import('./pages/markets/MarketsPage.tsx'), MARKET_PAGE) },
      { path: 'notice', element: page(() => import('./pages/notice/NoticePage.tsx'), MARKET_PAGE) },
      { path: 'white', element: page(() => import('./pages/white/WhitePage.tsx'), MARKET_PAGE) },
      // The developer inspector and machine gallery: a lazy chunk, nothing loads before.
      { path: 'inspect/*', element: page(() => import('./devtools/InspectPage.tsx')) },
      { path: 'login', element: page(() => import('./pages/auth/LoginPage.tsx')) },
      { path: 'register', element: page(() => import('./pages/auth/RegisterPage.tsx')) },
      {
        element: <WidthLayout width={80} />,
        children: [
          { path: 'deposit', element: page(() => import('./pages/earnings/EarningsPage.tsx')) },
          {
            path: 'legalIndex',
            children: [
              { index: true, element: <Navigate to="legal" replace /> },
              { path: 'legal', element: page(() => import('./pages/p2p/HallPage.tsx')) },
              { path: 'orders', element: page(() => p2pOrdersPage((m) => m.default)) },
              { path: 'orderdetail', element: page(() => p2pDetailPage((m) => m.default)) },
            ],
          },
          {
            path: 'myshop',
            children: [
              { index: true, element: <Navigate to="myshoporders" replace /> },
              { path: 'myshoporders', element: page(() => import('./pages/p2p/ShopPage.tsx')) },
              { path: 'shoporders', element: page(() => p2pOrdersPage((m) => m.ShopOrdersPage)) },
              { path: 'shoporderdetail', element: page(() => p2pDetailPage((m) => m.ShopOrderDetailPage)) },
            ],
          },
          {
            path: 'assets',
            element: page(() => import('./pages/assets/AssetsLayout.tsx')),
            children: [
              { index: true, element: <Navigate to="tradeAccount" replace /> },
              { path: 'tradeAccount', element: page(() => assetsPage((m) => m.TradeAccount)) },
              { path: 'legalAccount', element: page(() => assetsPage((m) => m.LegalAccount)) },
              { path: 'leverAccount', element: page(() => assetsPage((m) => m.LeverAccount)) },
              { path: 'secondAccount', element: page(() => assetsPage((m) => m.SecondAccount)) },
              { path: 'financialAccount', element: page(() => assetsPage((m) => m.FinancialAccount)) },
              { path: 'dealRecords', element: page(() => recordsPage((m) => m.DealRecords)) },
              { path: 'transfer', element: page(() => import('./pages/assets/TransferPage.tsx')) },
              { path: 'transferLog', element: page(() => recordsPage((m) => m.TransferLog)) },
              { path: 'bindAddr', element: page(() => import('./pages/assets/BindAddressPage.tsx')) },
            ],
          },
          {
            path: 'personal',
            element: page(() => import('./pages/personal/PersonalLayout.tsx')),
            children: [
              { index: true, element: <Navigate to="accountSettings" replace /> },
              {
                path: 'accountSettings',
                element: page(() => import('./pages/personal/AccountSettingsPage.tsx')),
              },
              {
                path: 'transactionLog',
                element: page(() => import('./pages/personal/TransactionLogPage.tsx')),
              },
              {
                path: 'collectionSettings',
                element: page(() => import('./pages/personal/CollectionSettingsPage.tsx')),
              },
              {
                path: 'authentication',
                element: page(() => import('./pages/personal/AuthenticationPage.tsx')),
              },
              { path: 'feedback', element: page(() => import('./pages/personal/FeedbackPage.tsx')) },
              { path: 'security', element: page(() => import('./pages/personal/SecurityPage.tsx')) },
            ],
          },
        ],
      },
      {
        element: <WidthLayout width={70} />,
        children: [
          { path: 'resetPassword', element: page(() => import('./pages/auth/ResetPasswordPage.tsx')) },
          { path: 'tradePassword', element: page(() => import('./pages/auth/TradePasswordPage.tsx')) },
          { path: 'bindAccount', element: page(() => import('./pages/auth/BindEmailPage.tsx')) },
          { path: 'forgetPassword', element: page(() => import('./pages/auth/ForgotPasswordPage.tsx')) },
          {
            path: 'coinlog',
            element: <RequireSignIn>{page(() => recordsPage((m) => m.CoinLog))}</RequireSignIn>,
          },
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
  {
    element: <Layout footer={false} />,
    children: [
      { path: 'trade', element: page(() => import('./pages/trade/TradePage.tsx'), TRADING_SCREEN) },
      {
        path: 'lever',
        element: (
          <RequireToken>{page(() => import('./pages/lever/LeverPage.tsx'), TRADING_SCREEN)}</RequireToken>
        ),
      },
      {
        path: 'second',
        element: (
          <RequireToken>{page(() => import('./pages/micro/MicroPage.tsx'), TRADING_SCREEN)}</RequireToken>
        ),
      },
    ],
  },
];
