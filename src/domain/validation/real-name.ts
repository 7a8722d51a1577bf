import { firstProblem, type Problem } from './problem.ts';
import { charCount, clean } from './text.ts';

export interface RealNameInput {
  name: string;
  cardId: string;
  frontPic: string;
  backPic: string;
}

export type RealNameField = 'name' | 'cardId' | 'frontPic' | 'backPic';

export const NAME_MIN = 2;
export const NAME_MAX = 50;

/**
 * A person's name as written on an identity document, in any script. A name is words of letters
 * (`\p{L}`, with the combining marks `\p{Mn}`/`\p{Mc}` that Thai, Devanagari and accented Latin
 * need) joined by ONE separator: a space, a hyphen, an apostrophe (' or ’), a middle dot (· or ・,
 * used between transliterated given and family names in Chinese and Japanese), or a period with an
 * optional space ("J. R. Smith"); it may end with a period ("Jr."). Everything else is refused:
 * digits, markup (`<`, `>`, `=`...), emoji, variation selectors, control, format and bidi characters.
 * 2 to 50 characters. Runs of spaces inside a name are one space (see normalizePersonName).
 */
const WORD = String.raw`\p{L}[\p{Mn}\p{Mc}]*`;
const SEPARATOR = String.raw`(?:[ \-'’·・]|\. ?)`;
const PERSON_NAME = new RegExp(`^(?:${WORD})+(?:${SEPARATOR}(?:${WORD})+)*\\.?$`, 'u');
/** Variation selectors are marks (Mn) in Unicode, but only ever dress up emoji and symbols. */
const VARIATION_SELECTOR = /[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/u;

/** Trimmed, with runs of ordinary spaces made one: the form the server stores. */
export function normalizePersonName(value: string): string {
  return clean(value).replace(/ {2,}/g, ' ');
}

export function isPersonName(value: string): boolean {
  const name = normalizePersonName(value);
  const length = charCount(name);
  if (length < NAME_MIN || length > NAME_MAX) return false;
  return PERSON_NAME.test(name) && !VARIATION_SELECTOR.test(name);
}

/** Identity numbers differ by country; letters, digits and single hyphens, 4 to 32 of them. */
export function isCardId(value: string): boolean {
  return /^[A-Za-z0-9](?:-?[A-Za-z0-9]){3,31}$/.test(clean(value));
}

/** Spec §5 Real-name: name, ID number, front and back photos all required; the name is a name. */
export function validateRealName(input: RealNameInput): Problem<RealNameField> | null {
  const name = clean(input.name);
  const cardId = clean(input.cardId);
  return firstProblem<RealNameField>([
    ['name', name === '' ? 'emptyName' : isPersonName(name) ? null : 'badName'],
    ['cardId', cardId === '' ? 'emptyCardId' : isCardId(cardId) ? null : 'badCardId'],
    ['frontPic', clean(input.frontPic) === '' ? 'emptyFront' : null],
    ['backPic', clean(input.backPic) === '' ? 'emptyBack' : null],
  ]);
}
