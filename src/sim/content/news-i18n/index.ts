import type { LanguageCode } from '../../../domain/languages.ts';
import { du } from './du.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { gm } from './gm.ts';
import { hk } from './hk.ts';
import { ita } from './ita.ts';
import { jp } from './jp.ts';
import { kr } from './kr.ts';
import { pt } from './pt.ts';
import { ru } from './ru.ts';
import { th } from './th.ts';
import type { NewsTranslation } from './types.ts';
import { zh } from './zh.ts';

export type { NewsTranslation };

/** The site content in every interface language but English (news.ts holds the English). */
export const NEWS_TRANSLATIONS: Readonly<Record<Exclude<LanguageCode, 'en'>, NewsTranslation>> = {
  zh,
  hk,
  jp,
  kr,
  gm,
  du,
  fr,
  ru,
  pt,
  es,
  ita,
  th,
};
