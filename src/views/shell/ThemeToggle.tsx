import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyColorScheme, applyTheme, currentColorScheme, currentTheme } from '../theme/theme.ts';

export function ThemeToggle() {
  const { t } = useTranslation();
  const [theme, setTheme] = useState(currentTheme);
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="icon-button"
      data-testid="theme-toggle"
      aria-label={t('header.switchTheme')}
      title={next === 'light' ? t('header.themeLight') : t('header.themeDark')}
      onClick={() => {
        applyTheme(next);
        setTheme(next);
      }}
    >
      {theme === 'dark' ? (
        <svg
          aria-hidden="true"
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <circle cx="12" cy="12" r="4" />
          <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
        </svg>
      ) : (
        <svg
          aria-hidden="true"
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
        </svg>
      )}
    </button>
  );
}

/** Green-up/red-down by default; some markets read colours the other way round. */
export function ColorSchemeToggle() {
  const { t } = useTranslation();
  const [scheme, setScheme] = useState(currentColorScheme);
  return (
    <button
      type="button"
      className="icon-button"
      data-testid="colors-toggle"
      aria-label={t('header.swapColors')}
      title={scheme === 'green-up' ? t('header.colorsGreenUp') : t('header.colorsRedUp')}
      onClick={() => {
        const next = scheme === 'green-up' ? 'red-up' : 'green-up';
        applyColorScheme(next);
        setScheme(next);
      }}
    >
      <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24">
        <path d="M7 4l5 6H2z" fill="var(--up)" />
        <path d="M17 20l-5-6h10z" fill="var(--down)" />
      </svg>
    </button>
  );
}
