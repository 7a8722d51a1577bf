import { readPref, writePref } from '../../machines/local-prefs.ts';

export type ThemeName = 'dark' | 'light';
export type ColorScheme = 'green-up' | 'red-up';

/** Dark is the default (spec §1); index.html applies the stored choice before first paint. */
export function currentTheme(): ThemeName {
  return readPref('theme') === 'light' ? 'light' : 'dark';
}

export function applyTheme(theme: ThemeName): void {
  writePref('theme', theme);
  document.documentElement.dataset.theme = theme;
}

export function currentColorScheme(): ColorScheme {
  return readPref('swapColors') === '1' ? 'red-up' : 'green-up';
}

export function applyColorScheme(scheme: ColorScheme): void {
  writePref('swapColors', scheme === 'red-up' ? '1' : null);
  document.documentElement.dataset.colors = scheme;
}
