import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router-dom';
import '../auth/kit/forms.css';
import { RequireSignIn } from './RequireSignIn.tsx';
import './personal.css';

const MENU = [
  { to: 'accountSettings', key: 'pages.accountSettings', icon: 'M12 3l8 4v5c0 5-3.5 8-8 9-4.5-1-8-4-8-9V7z' },
  { to: 'collectionSettings', key: 'pages.collectionSettings', icon: 'M3 7h18v10H3zM3 11h18M7 15h3' },
  {
    to: 'authentication',
    key: 'pages.authentication',
    icon: 'M4 5h16v14H4zM9 10a2 2 0 1 0 0 .1M6.5 16c.6-2 4.4-2 5 0M14 9h4M14 13h4',
  },
  { to: 'transactionLog', key: 'pages.transactionLog', icon: 'M6 3h12v18H6zM9 8h6M9 12h6M9 16h4' },
  { to: 'feedback', key: 'pages.feedback', icon: 'M4 5h16v11H9l-5 4z' },
] as const;

/** /personal (spec §2 Personal centre): a left menu and the chosen page. */
export default function PersonalLayout() {
  const { t } = useTranslation();
  return (
    <RequireSignIn>
      <div className="personal" data-testid="personal">
        <nav className="personal-menu" aria-label={t('personal.menu')}>
          <p className="personal-menu-title">{t('personal.title')}</p>
          {MENU.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              className={({ isActive }) => (isActive ? 'active' : undefined)}
            >
              <svg
                aria-hidden="true"
                width="18"
                height="18"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinejoin="round"
              >
                <path d={item.icon} />
              </svg>
              <span>{t(item.key)}</span>
            </NavLink>
          ))}
        </nav>
        <div className="personal-content">
          <Outlet />
        </div>
      </div>
    </RequireSignIn>
  );
}
