import { useTranslation } from 'react-i18next';
import type { AccountKind } from '../../../../domain/validation/account.ts';

const TABS: ReadonlyArray<{ kind: AccountKind; key: string }> = [
  { kind: 'email', key: 'auth.tabEmail' },
  { kind: 'mobile', key: 'auth.tabPhone' },
];

/** The e-mail / phone tabs of the login, register and forgot-password forms. */
export function AccountTabs({
  value,
  onChange,
}: {
  value: AccountKind;
  onChange: (kind: AccountKind) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="account-tabs" role="tablist" aria-label={t('auth.accountType')}>
      {TABS.map((tab) => (
        <button
          key={tab.kind}
          type="button"
          role="tab"
          aria-selected={value === tab.kind}
          className={value === tab.kind ? 'active' : undefined}
          onClick={() => onChange(tab.kind)}
        >
          {t(tab.key)}
        </button>
      ))}
    </div>
  );
}
