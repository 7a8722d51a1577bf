import { useTranslation } from 'react-i18next';
import { Field } from './Field.tsx';

/** The code from the authenticator app, asked by a security change once two-factor sign-in is on. */
export function TotpCodeField({
  id,
  value,
  onValue,
}: {
  id: string;
  value: string;
  onValue: (code: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Field
      id={id}
      label={t('twoFactor.codeLabel')}
      autoComplete="one-time-code"
      maxLength={11}
      value={value}
      onValue={onValue}
    />
  );
}
