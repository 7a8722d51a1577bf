import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { ComingSoon, NotFound } from './shell/ComingSoon.tsx';
import { Layout, WidthLayout } from './shell/Layout.tsx';
import { RequireToken } from './shell/RequireToken.tsx';

/**
 * Every route of spec §2. A page that has not landed yet renders <ComingSoon>; pages that have
 * landed are lazy chunks, so the first paint only downloads the shell.
 */
function soon(titleKey: string): ReactNode {
  return <ComingSoon titleKey={titleKey} />;
}

function page(load: () => Promise<{ default: ComponentType }>): ReactNode {
  const Page = lazy(load);
  return (
    <Suspense fallback={<div className="page-loading" aria-busy="true" />}>
      <Page />
    </Suspense>
  );
}

function children(names: readonly string[], defaultChild: string): RouteObject[] {
  return [
    { index: true, element: <Navigate to={defaultChild} replace /> },
    ...names.map((name) => ({ path: name, element: soon(`pages.${name}`) })),
  ];
}

/** Routes whose page is still "coming soon" (the README lists them; a test keeps it honest). */
export const COMING_SOON_PATHS = [
  '/trade',
  '/login',
  '/register',
  '/deposit',
  '/legalIndex/legal',
  '/legalIndex/orders',
  '/legalIndex/orderdetail',
  '/myshop/myshoporders',
  '/myshop/shoporders',
  '/myshop/shoporderdetail',
  '/assets/tradeAccount',
  '/assets/legalAccount',
  '/assets/leverAccount',
  '/assets/secondAccount',
  '/assets/financialAccount',
  '/assets/bindAddr',
  '/assets/dealRecords',
  '/assets/transfer',
  '/assets/transferLog',
  '/lever',
  '/second',
  '/personal/accountSettings',
  '/personal/transactionLog',
  '/personal/collectionSettings',
  '/personal/authentication',
  '/personal/feedback',
  '/resetPassword',
  '/tradePassword',
  '/bindAccount',
  '/forgetPassword',
  '/coinlog',
] as const;

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { index: true, element: <Navigate to="/home" replace /> },
      { path: 'home', element: page(() => import('./pages/home/HomePage.tsx')) },
      { path: 'markets', element: page(() => import('./pages/markets/MarketsPage.tsx')) },
      { path: 'notice', element: page(() => import('./pages/notice/NoticePage.tsx')) },
      { path: 'white', element: page(() => import('./pages/white/WhitePage.tsx')) },
      { path: 'login', element: soon('pages.login') },
      { path: 'register', element: soon('pages.register') },
      {
        element: <WidthLayout width={80} />,
        children: [
          { path: 'deposit', element: soon('pages.deposit') },
          {
            path: 'legalIndex',
            children: children(['legal', 'orders', 'orderdetail'], 'legal'),
          },
          {
            path: 'myshop',
            children: children(['myshoporders', 'shoporders', 'shoporderdetail'], 'myshoporders'),
          },
          {
            path: 'assets',
            children: children(
              [
                'tradeAccount',
                'legalAccount',
                'leverAccount',
                'secondAccount',
                'financialAccount',
                'bindAddr',
                'dealRecords',
                'transfer',
                'transferLog',
              ],
              'tradeAccount',
            ),
          },
          {
            path: 'personal',
            children: children(
              ['accountSettings', 'transactionLog', 'collectionSettings', 'authentication', 'feedback'],
              'accountSettings',
            ),
          },
        ],
      },
      {
        element: <WidthLayout width={70} />,
        children: [
          { path: 'resetPassword', element: soon('pages.resetPassword') },
          { path: 'tradePassword', element: soon('pages.tradePassword') },
          { path: 'bindAccount', element: soon('pages.bindAccount') },
          { path: 'forgetPassword', element: soon('pages.forgetPassword') },
          { path: 'coinlog', element: soon('pages.coinlog') },
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
  {
    element: <Layout footer={false} />,
    children: [
      { path: 'trade', element: soon('pages.trade') },
      { path: 'lever', element: <RequireToken>{soon('pages.lever')}</RequireToken> },
      { path: 'second', element: <RequireToken>{soon('pages.second')}</RequireToken> },
    ],
  },
];
