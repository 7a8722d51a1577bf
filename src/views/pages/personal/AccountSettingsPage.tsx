import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useServices } from '../../services-context.ts';
import { useLoadable } from '../../use-loadable.ts';
import { CopyBox } from './CopyBox.tsx';
import { SecurityMeter } from './SecurityMeter.tsx';
import { TradingSettingsCard } from './TradingSettingsCard.tsx';
import { useUserInfo, type UserInfo } from './use-user-info.ts';
import { FLAG_ON, REVIEW_STATUS_APPROVED } from '../../../domain/contract-codes.ts';
import { displayPhone } from '../../../domain/phone.ts';

const ICONS = {
  phone: 'M8 3h8v18H8zM11 18h2',
  email: 'M3 6h18v12H3zM3 7l9 6 9-6',
  password: 'M6 11h12v9H6zM9 11V8a3 3 0 0 1 6 0v3',
  trade: 'M4 7h16v11H4zM4 11h16M8 15h2',
  key: 'M14 10a4 4 0 1 0-3.5 4L12 16h2v2h2v2h4v-3l-6.1-6.1',
  id: 'M4 5h16v14H4zM9 10a2 2 0 1 0 0 .1M6.5 16c.6-2 4.4-2 5 0M14 9h4M14 13h4',
} as const;

function SettingItem({
  icon,
  title,
  desc,
  children,
}: {
  icon: keyof typeof ICONS;
  title: string;
  desc: string;
  children?: ReactNode;
}) {
  return (
    <li className="setting-item">
      <span className="setting-icon" aria-hidden="true">
        <svg
          width="20"
          height="20"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
          strokeLinecap="round"
        >
          <path d={ICONS[icon]} />
        </svg>
      </span>
      <div>
        <p className="setting-title">{title}</p>
        <p className="setting-desc">{desc}</p>
      </div>
      <div className="setting-actions">{children}</div>
    </li>
  );
}

function useAuthorizationCode(): string | null {
  const { queries } = useServices();
  const code = useLoadable(queries.personal.authorizationCode$);
  return code.status === 'ready' ? code.data : null;
}

function Settings({ info }: { info: UserInfo }) {
  const { t } = useTranslation();
  const authorizationCode = useAuthorizationCode();
  const account = info.email || displayPhone(info.area_code, info.mobile);
  const inviteLink = `${window.location.origin}/register?extension_code=${encodeURIComponent(info.invite_code)}`;
  const verified = info.review_status === REVIEW_STATUS_APPROVED;
  const hasTradePassword = info.has_pay_password === FLAG_ON;
  return (
    <>
      <section className="card" aria-labelledby="profile-title">
        <div className="profile-head">
          <span className="avatar" aria-hidden="true">
            {(info.email || info.mobile).slice(0, 1).toUpperCase()}
          </span>
          <div>
            <h1 className="profile-name" id="profile-title" data-testid="profile-account">
              {account}
            </h1>
            <div className="profile-meta">
              <span>{t('personal.uid', { uid: info.id })}</span>
              {info.level !== undefined && (
                <span data-testid="profile-level">{t('personal.userLevel', { level: info.level })}</span>
              )}
              {info.credit_score !== undefined && (
                <span data-testid="profile-credit">
                  {t('personal.creditScore', { score: info.credit_score })}
                </span>
              )}
              <span className={`badge ${verified ? 'badge-ok' : 'badge-warn'}`}>
                {t(`personal.review.${info.review_status}`)}
              </span>
            </div>
          </div>
        </div>
      </section>

      <section className="card" aria-labelledby="security-title">
        <div className="card-head">
          <h2 id="security-title">{t('personal.security')}</h2>
        </div>
        <SecurityMeter facts={{ hasMobile: info.mobile !== '', hasEmail: info.email !== '', verified }} />
        <ul className="setting-list" style={{ marginTop: 'var(--space-5)' }}>
          <SettingItem
            icon="phone"
            title={t('personal.phone')}
            desc={displayPhone(info.area_code, info.mobile) || t('personal.notBound')}
          >
            {info.mobile ? <span className="badge badge-ok">{t('personal.bound')}</span> : null}
          </SettingItem>
          <SettingItem icon="email" title={t('personal.email')} desc={info.email || t('personal.notBound')}>
            {info.email ? (
              <span className="badge badge-ok">{t('personal.bound')}</span>
            ) : (
              <Link className="btn btn-small" to="/bindAccount">
                {t('personal.bind')}
              </Link>
            )}
          </SettingItem>
          <SettingItem
            icon="password"
            title={t('personal.loginPassword')}
            desc={t('personal.loginPasswordDesc')}
          >
            <Link className="btn btn-small" to="/resetPassword?fromSet=1">
              {t('personal.change')}
            </Link>
          </SettingItem>
          <SettingItem
            icon="trade"
            title={t('personal.tradePassword')}
            desc={t('personal.tradePasswordDesc')}
          >
            <span
              className={`badge ${hasTradePassword ? 'badge-ok' : 'badge-warn'}`}
              data-testid="trade-password-state"
            >
              {t(hasTradePassword ? 'personal.tradePasswordOn' : 'personal.tradePasswordOff')}
            </span>
            <Link className="btn btn-small" to="/tradePassword">
              {t(hasTradePassword ? 'personal.change' : 'personal.set')}
            </Link>
          </SettingItem>
          <SettingItem
            icon="id"
            title={t('pages.authentication')}
            desc={t(`personal.review.${info.review_status}`)}
          >
            {!verified && (
              <Link className="btn btn-small" to="/personal/authentication">
                {t('personal.verify')}
              </Link>
            )}
          </SettingItem>
        </ul>
      </section>

      <TradingSettingsCard />

      <section className="card" aria-labelledby="invite-title">
        <div className="card-head">
          <div>
            <h2 id="invite-title">{t('personal.invite')}</h2>
            <p className="card-lead">{t('personal.inviteLead')}</p>
          </div>
        </div>
        <div className="invite-grid">
          <CopyBox label={t('personal.inviteCode')} value={info.invite_code} testId="invite-code" />
          <CopyBox label={t('personal.inviteLink')} value={inviteLink} testId="invite-link" />
        </div>
      </section>

      <section className="card" aria-labelledby="auth-code-title">
        <div className="card-head">
          <div>
            <h2 id="auth-code-title">{t('personal.authorizationCode')}</h2>
            <p className="card-lead">{t('personal.authorizationLead')}</p>
          </div>
        </div>
        {authorizationCode === null ? (
          <p className="muted">{t('common.loading')}</p>
        ) : (
          <CopyBox
            label={t('personal.authorizationCode')}
            value={authorizationCode}
            testId="authorization-code"
          />
        )}
      </section>
    </>
  );
}

/**
 * /personal/accountSettings (spec §2): security bar, bound phone and e-mail, passwords, trading
 * habits (keyboard trading, the "pro" setting), codes.
 */
export default function AccountSettingsPage() {
  const { t } = useTranslation();
  const { user, reload } = useUserInfo();
  if (user.status === 'ready') return <Settings info={user.data} />;
  return (
    <section className="card" data-testid="account-settings-loading">
      {user.status === 'failed' ? (
        <button type="button" className="btn" onClick={reload}>
          {t('common.retry')}
        </button>
      ) : (
        <p className="muted" aria-busy="true">
          {t('common.loading')}
        </p>
      )}
    </section>
  );
}
