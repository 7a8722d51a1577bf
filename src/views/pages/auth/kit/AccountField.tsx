import { useTranslation } from 'react-i18next';
import type { AccountKind } from '../../../../domain/validation/account.ts';
import { AreaSelect } from './AreaSelect.tsx';
import { Field } from './Field.tsx';
import type { Area } from './use-areas.ts';
import { fieldId } from './use-problem-reporter.ts';

/** What the browser may fill in the account field, per tab (spec §2: a username to sign in). */
export interface AccountAutoComplete {
  email: string;
  mobile: string;
}

const SIGN_IN: AccountAutoComplete = { email: 'username', mobile: 'username' };

/**
 * The account of the e-mail / phone tabs: an e-mail address, or a phone number with its country
 * code selector. Its ids are `<form>-account` and `<form>-areaId`.
 */
export function AccountField({
  form,
  kind,
  values,
  areas,
  invalid,
  onSet,
  autoComplete = SIGN_IN,
}: {
  form: string;
  kind: AccountKind;
  values: { account: string; areaId: number | null };
  areas: readonly Area[];
  invalid: (field: string) => boolean;
  onSet: (values: { account: string } | { areaId: number }) => void;
  autoComplete?: AccountAutoComplete;
}) {
  const { t } = useTranslation();
  return kind === 'email' ? (
    <Field
      id={fieldId(form, 'account')}
      label={t('auth.email')}
      type="email"
      inputMode="email"
      autoComplete={autoComplete.email}
      placeholder={t('auth.emailPlaceholder')}
      value={values.account}
      invalid={invalid('account')}
      onValue={(value) => onSet({ account: value })}
    />
  ) : (
    <Field
      id={fieldId(form, 'account')}
      label={t('auth.phone')}
      type="tel"
      inputMode="tel"
      autoComplete={autoComplete.mobile}
      placeholder={t('auth.phonePlaceholder')}
      value={values.account}
      invalid={invalid('account') || invalid('areaId')}
      prefix={
        <AreaSelect
          id={fieldId(form, 'areaId')}
          areas={areas}
          value={values.areaId}
          onChange={(value) => onSet({ areaId: value })}
        />
      }
      onValue={(value) => onSet({ account: value })}
    />
  );
}
