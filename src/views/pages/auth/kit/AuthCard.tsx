import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './forms.css';

/**
 * The frame of the sign-in pages: a brand panel (what Tessera is) beside the form card. The panel
 * folds away on narrow screens.
 */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
  testId,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="auth-page" data-testid={testId}>
      <aside className="auth-aside" aria-hidden="true">
        <div className="auth-aside-inner">
          <p className="auth-aside-kicker">{t('brand.name')}</p>
          <p className="auth-aside-title">{t('auth.asideTitle')}</p>
          <ul className="auth-aside-points">
            <li>{t('auth.asidePoint1')}</li>
            <li>{t('auth.asidePoint2')}</li>
            <li>{t('auth.asidePoint3')}</li>
          </ul>
        </div>
      </aside>
      <section className="auth-card">
        <h1>{title}</h1>
        {subtitle && <p className="auth-subtitle">{subtitle}</p>}
        {children}
        {footer && <div className="auth-footer">{footer}</div>}
      </section>
    </div>
  );
}

/** A smaller card for the security pages inside the 70% layout (trade password, bind e-mail...). */
export function FormCard({
  title,
  subtitle,
  children,
  testId,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <section className="form-card" data-testid={testId}>
      <h1>{title}</h1>
      {subtitle && <p className="auth-subtitle">{subtitle}</p>}
      {children}
    </section>
  );
}
