import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { sendCodeMachine } from '../../../../machines/send-code.machine.ts';
import { CodeButton } from './CodeButton.tsx';
import { Field } from './Field.tsx';

/** The verification code input with its send-code button (spec §4), labelled by where it goes. */
export function CodeField({
  id,
  byEmail,
  value,
  invalid,
  onValue,
  actor,
  onSend,
  hint,
  maxLength = 6,
}: {
  id: string;
  /** The code goes to an e-mail address (else by SMS). */
  byEmail: boolean;
  value: string;
  invalid: boolean;
  onValue: (value: string) => void;
  actor: ActorRefFrom<typeof sendCodeMachine> | undefined;
  onSend: () => void;
  hint?: string;
  maxLength?: number;
}) {
  const { t } = useTranslation();
  return (
    <Field
      id={id}
      label={byEmail ? t('auth.emailCode') : t('auth.smsCode')}
      hint={hint}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={maxLength}
      placeholder={t('auth.codePlaceholder')}
      value={value}
      invalid={invalid}
      onValue={onValue}
      addon={<CodeButton actor={actor} onSend={onSend} />}
    />
  );
}
