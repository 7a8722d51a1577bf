import { useTranslation } from 'react-i18next';
import { PasswordField } from './PasswordField.tsx';
import { fieldId } from './use-problem-reporter.ts';

/**
 * A new password and its confirmation (register, forgot, change and trade password), with the
 * password rule as a hint. Their ids are `<form>-password` and `<form>-password2`.
 */
export function NewPasswordFields({
  form,
  label,
  values,
  invalid,
  onSet,
}: {
  form: string;
  /** The first field's label: "Password", "New password", "Trade password"... */
  label: string;
  values: { password: string; password2: string };
  invalid: (field: string) => boolean;
  onSet: (values: { password: string } | { password2: string }) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        id={fieldId(form, 'password')}
        label={label}
        autoComplete="new-password"
        placeholder={t('auth.newPasswordPlaceholder')}
        hint={t('auth.passwordRule')}
        value={values.password}
        invalid={invalid('password')}
        onValue={(value) => onSet({ password: value })}
      />
      <PasswordField
        id={fieldId(form, 'password2')}
        label={t('auth.password2')}
        autoComplete="new-password"
        placeholder={t('auth.password2Placeholder')}
        value={values.password2}
        invalid={invalid('password2')}
        onValue={(value) => onSet({ password2: value })}
      />
    </>
  );
}
