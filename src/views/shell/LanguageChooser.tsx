import { useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, resolveLanguage } from '../../domain/languages.ts';
import { readPref, writePref } from '../../machines/local-prefs.ts';

/**
 * Whether a name needs a font beyond the page's own: characters past Latin, Greek and Cyrillic
 * (anything past U+052F): here the Chinese, Japanese, Korean and Thai names.
 */
function needsFallbackFont(name: string): boolean {
  return /[\u0530-\u{10FFFF}]/u.test(name);
}

/**
 * Offers the 10 interface languages of spec §1; a choice is stored and applied by a reload.
 *
 * Names that need a fallback font are written into their options when the chooser is first
 * focused, pressed or touched, not with the header. A <select> lays out every option's
 * label to size itself, so the Chinese, Japanese, Korean and Thai names made every first page load
 * the fallback fonts of four scripts: 150-250 ms of layout on a fresh browser here, in the task
 * that draws the header. The Latin and Cyrillic names are there from the start: the widest of them
 * sizes the control, as before (those four names are narrower), so it keeps its width when the
 * others are written. Every option is there from the start (its value can be chosen), and any way
 * of opening the list focuses or presses the control first, so nobody sees an unnamed option.
 */
export function LanguageChooser() {
  const { t } = useTranslation();
  const current = resolveLanguage(readPref('lang'));
  const [named, setNamed] = useState(false);
  // Synchronously, so the options are named before the browser opens the list for this event.
  const nameOptions = () => {
    if (!named) flushSync(() => setNamed(true));
  };
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
        onFocus={nameOptions}
        onPointerDown={nameOptions}
        onTouchStart={nameOptions}
        onKeyDown={nameOptions}
        onChange={(event) => {
          writePref('lang', event.target.value);
          window.location.reload();
        }}
      >
        {LANGUAGES.filter((language) => language.offered || language.code === current).map((language) => (
          <option key={language.code} value={language.code} lang={language.tag}>
            {named || language.code === current || !needsFallbackFont(language.nativeName)
              ? language.nativeName
              : ''}
          </option>
        ))}
      </select>
    </label>
  );
}
