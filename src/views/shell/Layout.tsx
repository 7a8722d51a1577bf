import { Outlet } from 'react-router-dom';
import { Toasts } from '../toast/Toasts.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import './layout.css';

/** Header, page, footer. Trading screens hide the footer: they fill the window. */
export function Layout({ footer = true }: { footer?: boolean }) {
  return (
    <div className="app">
      <Header />
      <main className="app-main" id="main">
        <Outlet />
      </main>
      {footer && <Footer />}
      <Toasts />
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
