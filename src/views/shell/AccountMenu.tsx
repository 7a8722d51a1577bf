import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { readSignedInAccount } from '../../machines/login-prefs.ts';
import { useServices } from '../services-context.ts';
import { useHeaderPopover } from './use-header-popover.ts';

/** Signed-in users: account settings, authentication, feedback and logout (spec §2 Header). */
export function AccountMenu() {
  const { t } = useTranslation();
  const { session } = useServices();
  const { open, setOpen, root, toggle, onKeyDown } = useHeaderPopover();
  const account = readSignedInAccount();

  return (
    <div className="account-menu" ref={root} onKeyDown={onKeyDown}>
      <button
        type="button"
        className="icon-button account-trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        data-testid="account-menu"
        onClick={toggle}
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
          <circle cx="12" cy="8" r="4" />
          <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
        </svg>
        <span className="visually-hidden">{t('account.menu')}</span>
      </button>
      {open && (
        <div className="account-dropdown" role="menu">
          {account && <div className="account-name">{account}</div>}
          <Link role="menuitem" to="/personal/accountSettings" onClick={() => setOpen(false)}>
            {t('account.settings')}
          </Link>
          <Link role="menuitem" to="/personal/authentication" onClick={() => setOpen(false)}>
            {t('account.authentication')}
          </Link>
          <Link role="menuitem" to="/personal/feedback" onClick={() => setOpen(false)}>
            {t('account.feedback')}
          </Link>
          <button
            role="menuitem"
            type="button"
            data-testid="logout"
            onClick={() => {
              setOpen(false);
              session.send({ type: 'LOGOUT' });
            }}
          >
            {t('account.logout')}
          </button>
        </div>
      )}
    </div>
  );
}
