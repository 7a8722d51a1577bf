import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { readPref } from '../../machines/local-prefs.ts';
import { useServices } from '../services-context.ts';
import { useObservable } from '../use-observable.ts';
import { useSignedIn } from '../use-session.ts';
import { useSetting } from '../use-setting.ts';
import { LanguageChooser } from './LanguageChooser.tsx';
import { ColorSchemeToggle, ThemeToggle } from './ThemeToggle.tsx';
import { BackendBadge } from './BackendBadge.tsx';
import { ConnectionMark, ConnectionRetry } from './ConnectionIndicator.tsx';
import {
  LaterAccountMenu,
  LaterDemoOutbox,
  LaterDevMenu,
  LaterNoticeCentre,
  LaterSimSpeedControl,
} from './LaterTools.tsx';
import './header.css';

const NAV_LINKS = [
  { to: '/markets', key: 'nav.markets' },
  { to: '/trade', key: 'nav.trade' },
  { to: '/lever', key: 'nav.lever' },
  { to: '/second', key: 'nav.micro' },
  { to: '/legalIndex', key: 'nav.legal' },
  { to: '/myshop', key: 'nav.myshop', sellersOnly: true },
  { to: '/deposit', key: 'nav.financial' },
  { to: '/assets', key: 'nav.assets' },
] as const;

/**
 * Whether the header is too narrow for its full row. The full row is laid out first and measured
 * (before paint); when its links or tools do not fit, the header collapses into a menu button and
 * remembers the width the full row needs, so it opens out again only when that width is there.
 * Measuring instead of guessing a breakpoint keeps every language's longest labels reachable.
 */
function useCompactHeader(rowKey: string) {
  const header = useRef<HTMLElement>(null);
  const nav = useRef<HTMLElement>(null);
  const tools = useRef<HTMLDivElement>(null);
  const needed = useRef(0);
  // Compact for one content of the row: signing in or out lays the full row out and measures again.
  const [compactFor, setCompactFor] = useState<string | null>(null);
  const compact = compactFor === rowKey;

  useLayoutEffect(() => {
    const element = header.current;
    if (!element) return;
    const measure = () => {
      if (compact) {
        if (element.clientWidth >= needed.current) setCompactFor(null);
        return;
      }
      const links = nav.current;
      const navShort = links ? links.scrollWidth - links.clientWidth : 0;
      const rowShort = element.scrollWidth - element.clientWidth;
      if (navShort > 1 || rowShort > 1) {
        needed.current = element.clientWidth + Math.max(navShort, 0) + Math.max(rowShort, 0);
        setCompactFor(rowKey);
      }
    };
    measure();
    // Measured: the row may overflow now (it collapses instead). See .app-header:not([data-measured]).
    element.dataset.measured = '';
    // The tools grow when an answer arrives (the speed control): that can crowd the links too.
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (tools.current) observer.observe(tools.current);
    return () => observer.disconnect();
  }, [compact, rowKey]);

  return { header, nav, tools, compact };
}

export function Header() {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const serviceUrl = useSetting('service_url');
  const isSeller = signedIn && readPref('isSeller') === '1';
  // The connection's pill takes room while the socket is away: the row is measured again both ways.
  const connection = useObservable(useServices().queries.connection.state$, null);
  const away = connection?.kind === 'reconnecting' || connection?.kind === 'offline';
  const { header, nav, tools, compact } = useCompactHeader(
    `${signedIn}/${isSeller}/${serviceUrl ?? ''}/${away}`,
  );
  const location = useLocation();
  // The menu belongs to the page it was opened on: a new page (a link in it) closes it.
  const [menuOn, setMenuOn] = useState<string | null>(null);
  const menuOpen = compact && menuOn === location.pathname;
  const setMenuOpen = useCallback(
    (open: boolean) => setMenuOn(open ? location.pathname : null),
    [location.pathname],
  );
  const menuButton = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLDivElement>(null);

  const closeMenu = useCallback(
    (returnFocus: boolean) => {
      setMenuOpen(false);
      if (returnFocus) menuButton.current?.focus();
    },
    [setMenuOpen],
  );

  useEffect(() => {
    if (!menuOpen) return;
    drawer.current?.querySelector<HTMLElement>('a, button, select')?.focus();
    const outside = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!drawer.current?.contains(target) && !menuButton.current?.contains(target)) closeMenu(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeMenu(true);
    };
    document.addEventListener('mousedown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('mousedown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [menuOpen, closeMenu]);

  const links = NAV_LINKS.filter((link) => !('sellersOnly' in link) || isSeller).map((link) => (
    <NavLink key={link.to} to={link.to} className={({ isActive }) => (isActive ? 'active' : undefined)}>
      {t(link.key)}
    </NavLink>
  ));

  const signUp: ReactNode = signedIn ? null : (
    <>
      <Link className="btn btn-ghost" to="/login" data-testid="header-login">
        {t('account.login')}
      </Link>
      <Link className="btn btn-primary" to="/register" data-testid="header-register">
        {t('account.register')}
      </Link>
    </>
  );

  const service: ReactNode = serviceUrl ? (
    <a
      className="icon-button"
      href={serviceUrl}
      target="_blank"
      rel="noreferrer"
      aria-label={t('header.customerService')}
      title={t('header.customerService')}
      data-testid="customer-service"
    >
      <svg
        aria-hidden="true"
        width="18"
        height="18"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M4 14v-2a8 8 0 0 1 16 0v2" />
        <rect x="3" y="14" width="4" height="6" rx="1.5" />
        <rect x="17" y="14" width="4" height="6" rx="1.5" />
      </svg>
    </a>
  ) : null;

  // The connection's mark sits on the logo's corner: it takes no room from the row.
  const brand = (
    <span className="brand-slot">
      <Link to="/home" className="brand" aria-label={t('brand.name')}>
        <svg aria-hidden="true" width="26" height="26" viewBox="0 0 32 32">
          <rect width="32" height="32" rx="7" fill="var(--brand)" />
          <path d="M7 9h18v4h-7v12h-4V13H7z" fill="var(--on-brand)" />
        </svg>
        <span>{t('brand.name')}</span>
      </Link>
      <ConnectionMark />
    </span>
  );

  if (compact) {
    return (
      <header className="app-header compact" ref={header} data-layout="compact">
        {brand}
        <div className="header-tools">
          <ConnectionRetry />
          <LaterDevMenu />
          <LaterDemoOutbox />
          {signedIn && <LaterNoticeCentre />}
          {signedIn && <LaterAccountMenu />}
          <button
            ref={menuButton}
            type="button"
            className="icon-button menu-button"
            aria-expanded={menuOpen}
            aria-controls="header-menu"
            aria-label={t('nav.openMenu')}
            data-testid="header-menu-button"
            onClick={() => setMenuOpen(!menuOpen)}
          >
            <svg
              aria-hidden="true"
              width="20"
              height="20"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            >
              {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
        </div>
        {menuOpen && (
          <div className="header-drawer" id="header-menu" ref={drawer} data-testid="header-menu">
            <nav className="drawer-nav" aria-label={t('nav.mainNavigation')}>
              {links}
            </nav>
            {signUp && <div className="drawer-account">{signUp}</div>}
            <div className="drawer-tools">
              <BackendBadge />
              <LaterSimSpeedControl />
              <LanguageChooser />
              <ColorSchemeToggle />
              <ThemeToggle />
              {service}
            </div>
          </div>
        )}
      </header>
    );
  }

  return (
    <header className="app-header" ref={header} data-layout="full">
      {brand}
      <nav className="main-nav" aria-label={t('nav.mainNavigation')} ref={nav}>
        {links}
      </nav>
      <div className="header-tools" ref={tools}>
        <ConnectionRetry />
        <BackendBadge />
        <LaterSimSpeedControl />
        <LaterDevMenu />
        <LaterDemoOutbox />
        {signedIn && <LaterNoticeCentre />}
        {signedIn ? <LaterAccountMenu /> : signUp}
        {service}
        <LanguageChooser />
        <ColorSchemeToggle />
        <ThemeToggle />
      </div>
    </header>
  );
}
