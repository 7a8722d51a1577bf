import { Outlet, useLocation } from 'react-router-dom';
import { Toasts } from '../toast/Toasts.tsx';
import { Footer } from './Footer.tsx';
import { ConnectionAnnouncer } from './ConnectionIndicator.tsx';
import { Header } from './Header.tsx';
import { UpdateNotice } from './UpdateNotice.tsx';
import { useNewPageAtTop } from './use-new-page-at-top.ts';
import './layout.css';

/** Header, page, footer. Trading screens hide the footer: they fill the window. */
export function Layout({ footer = true }: { footer?: boolean }) {
  const { pathname, search } = useLocation();
  useNewPageAtTop(pathname);
  return (
    <div className="app">
      <Header />
      <ConnectionAnnouncer />
      {/* data-path: the route the page shows, committed with it (a test that moves inside the app
          waits for it, tests/e2e/fixtures.ts openInApp). */}
      <main className="app-main" id="main" data-path={pathname + search}>
        <Outlet />
      </main>
      {footer && <Footer />}
      <Toasts />
      <UpdateNotice />
    </div>
  );
}

/** The spec's 70%- and 80%-wide containers with a nested view. */
export function WidthLayout({ width }: { width: 70 | 80 }) {
  return (
    <div className={`layout-${width}`} data-testid={`layout-${width}`}>
      <Outlet />
    </div>
  );
}
