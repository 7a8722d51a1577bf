import { useTranslation } from 'react-i18next';
import { LANGUAGES, resolveLanguage } from '../../domain/languages.ts';
import { readPref, writePref } from '../../machines/local-prefs.ts';

/** Offers the 10 interface languages of spec §1; a choice is stored and applied by a reload. */
export function LanguageChooser() {
  const { t } = useTranslation();
  const current = resolveLanguage(readPref('lang'));
  return (
    <label className="header-select">
      <span className="visually-hidden">{t('header.language')}</span>
      <svg
        aria-hidden="true"
        width="16"
        height="16"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3c2.5 3 2.5 15 0 18M12 3c-2.5 3-2.5 15 0 18" />
      </svg>
      <select
        data-testid="language-chooser"
        value={current}
        onChange={(event) => {
          writePref('lang', event.target.value);
          window.location.reload();
        }}
      >
        {LANGUAGES.filter((language) => language.offered || language.code === current).map((language) => (
          <option key={language.code} value={language.code} lang={language.tag}>
            {language.nativeName}
          </option>
        ))}
      </select>
    </label>
  );
}
