import { useTranslation } from 'react-i18next';
import { useCopy } from './use-copy.ts';

/** A value in a box with a copy button (invite code, invite link, authorization code). */
export function CopyBox({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  const copy = useCopy();
  return (
    <div className="field">
      <span className="field-label">{label}</span>
      <div className="copy-box">
        <code data-testid={testId} title={value}>
          {value}
        </code>
        <button
          type="button"
          className="field-action"
          aria-label={t('personal.copyWhat', { what: label })}
          onClick={() => copy(value)}
        >
          {t('common.copy')}
        </button>
      </div>
    </div>
  );
}
