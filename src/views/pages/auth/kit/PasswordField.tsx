import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from './Field.tsx';

interface PasswordFieldProps {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  invalid?: boolean;
  placeholder?: string;
  hint?: string;
  /** "current-password" on login, "new-password" where one is chosen (lets password managers help). */
  autoComplete: 'current-password' | 'new-password';
}

/** A password input with a show/hide toggle. */
export function PasswordField({ autoComplete, ...field }: PasswordFieldProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <Field
      {...field}
      type={shown ? 'text' : 'password'}
      autoComplete={autoComplete}
      spellCheck={false}
      addon={
        <button
          type="button"
          className="field-icon"
          aria-pressed={shown}
          aria-label={shown ? t('auth.hidePassword') : t('auth.showPassword')}
          title={shown ? t('auth.hidePassword') : t('auth.showPassword')}
          onClick={() => setShown((value) => !value)}
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
            <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
            <circle cx="12" cy="12" r="3" />
            {shown && <path d="M4 4l16 16" />}
          </svg>
        </button>
      }
    />
  );
}
