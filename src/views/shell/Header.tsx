import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { readPref } from '../../machines/local-prefs.ts';
import { useSignedIn } from '../use-session.ts';
import { useSetting } from '../use-setting.ts';
import { AccountMenu } from './AccountMenu.tsx';
import { DemoOutbox } from './DemoOutbox.tsx';
import { LanguageChooser } from './LanguageChooser.tsx';
import { ColorSchemeToggle, ThemeToggle } from './ThemeToggle.tsx';
import { BackendBadge } from './BackendBadge.tsx';
import { SimSpeedControl } from './SimSpeedControl.tsx';
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

export function Header() {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const serviceUrl = useSetting('service_url');
  const isSeller = signedIn && readPref('isSeller') === '1';

  return (
    <header className="app-header">
      <Link to="/home" className="brand" aria-label={t('brand.name')}>
        <svg aria-hidden="true" width="26" height="26" viewBox="0 0 32 32">
          <rect width="32" height="32" rx="7" fill="var(--brand)" />
          <path d="M7 9h18v4h-7v12h-4V13H7z" fill="var(--on-brand)" />
        </svg>
        <span>{t('brand.name')}</span>
      </Link>
      <nav className="main-nav" aria-label={t('nav.mainNavigation')}>
        {NAV_LINKS.filter((link) => !('sellersOnly' in link) || isSeller).map((link) => (
          <NavLink key={link.to} to={link.to} className={({ isActive }) => (isActive ? 'active' : undefined)}>
            {t(link.key)}
          </NavLink>
        ))}
      </nav>
      <div className="header-tools">
        <BackendBadge />
        <SimSpeedControl />
        <DemoOutbox />
        {signedIn ? (
          <AccountMenu />
        ) : (
          <>
            <Link className="btn btn-ghost" to="/login" data-testid="header-login">
              {t('account.login')}
            </Link>
            <Link className="btn btn-primary" to="/register" data-testid="header-register">
              {t('account.register')}
            </Link>
          </>
        )}
        {serviceUrl && (
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
        )}
        <LanguageChooser />
        <ColorSchemeToggle />
        <ThemeToggle />
      </div>
    </header>
  );
}
