import type { LanguageCode } from '../../../domain/languages.ts';
import { BANNER_WORDS, type BannerWords } from './banners.ts';
import { NEWS_TRANSLATIONS } from './index.ts';

/** The banner images: their file name (public/banners/<name>.svg) and the article they belong to. */
export const BANNER_FILES = [
  { name: 'launch', articleId: 1, tag: 'tagLaunch', sub: 'subLaunch' },
  { name: 'spot', articleId: 2, tag: 'tagSpot', sub: 'subSpot' },
  { name: 'lever', articleId: 3, tag: 'tagLever', sub: 'subLever' },
  { name: 'earn', articleId: 4, tag: 'tagEarn', sub: 'subEarn' },
] as const satisfies ReadonlyArray<{
  name: string;
  articleId: number;
  tag: keyof BannerWords;
  sub: keyof BannerWords;
}>;

export type BannerFile = (typeof BANNER_FILES)[number];

/** The English words drawn in each image, by the room they sit in. */
const ENGLISH: Record<BannerFile['name'], { tag: string; title: string; sub: string }> = {
  launch: {
    tag: 'NEW · DEMO EXCHANGE',
    title: 'Welcome to Tessera',
    sub: 'A crypto exchange simulator. Real-time markets, zero real money.',
  },
  spot: {
    tag: 'SPOT',
    title: 'Spot trading, simulated live',
    sub: 'Limit and market orders on a matching engine in your browser.',
  },
  lever: {
    tag: 'LEVER · MICRO',
    title: 'Go long or short',
    sub: 'Practise lever positions with take-profit and stop-loss.',
  },
  earn: {
    tag: 'EARN',
    title: 'Fixed-term earnings',
    sub: 'Explore savings products with simulated daily dividends.',
  },
};
const FOOTER = 'Demo exchange · markets simulated in your browser · no real money';

export interface BannerText {
  english: string;
  text: string;
  room: 'tag' | 'title' | 'sub' | 'footer' | 'level' | 'badge';
}

/** Every English text of one banner image with its translation in `lang`. */
export function bannerTexts(lang: Exclude<LanguageCode, 'en'>, file: BannerFile): BannerText[] {
  const words = BANNER_WORDS[lang];
  const english = ENGLISH[file.name];
  const texts: BannerText[] = [
    { english: english.tag, text: words[file.tag], room: 'tag' },
    {
      english: english.title,
      text: NEWS_TRANSLATIONS[lang].articles[file.articleId]?.title ?? english.title,
      room: 'title',
    },
    { english: english.sub, text: words[file.sub], room: 'sub' },
    { english: FOOTER, text: words.footer, room: 'footer' },
  ];
  if (file.name === 'lever') {
    texts.push(
      { english: 'TAKE PROFIT', text: words.takeProfit, room: 'level' },
      { english: 'STOP LOSS', text: words.stopLoss, room: 'level' },
      { english: '▲ LONG', text: words.long, room: 'badge' },
      { english: '▼ SHORT', text: words.short, room: 'badge' },
    );
  }
  return texts;
}
