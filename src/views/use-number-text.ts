import { useState } from 'react';
import { resolveLanguage } from '../domain/languages.ts';
import { numberTextFor, type NumberText } from '../domain/number-locale.ts';
import { readPref } from '../machines/local-prefs.ts';

/**
 * The number formatters of the reader's language (domain/number-locale.ts), for every view that
 * shows a number. A language change reloads the page (spec §1), so the language read at start is
 * the one shown, as the inputs' decimal comma is (wallet-kit's useDecimalComma).
 */
export function useNumberText(): NumberText {
  const [numbers] = useState(() => numberTextFor(resolveLanguage(readPref('lang'))));
  return numbers;
}
