/**
 * Draws the banner images in every interface language: public/banners/<lang>/<name>.svg from the
 * English public/banners/<name>.svg, with the title of the banner article (news-i18n/<lang>.ts) and
 * the other words of news-i18n/banners.ts. A text that would run past its room is set smaller (and,
 * at the smallest, squeezed to fit), so no language spills out of its banner.
 *   npx tsx scripts/localize-banners.ts
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { BANNER_FILES, bannerTexts } from '../src/sim/content/news-i18n/banner-texts.ts';
import { NEWS_TRANSLATIONS } from '../src/sim/content/news-i18n/index.ts';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/** Rough advance of a character in ems: wide scripts 1, combining marks 0, the rest by case. */
function ems(text: string, caps: boolean): number {
  let total = 0;
  for (const char of text) {
    if (/\p{M}/u.test(char)) continue;
    if (/[\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/u.test(char)) total += 1;
    else if (/[\u0e00-\u0e7f]/u.test(char)) total += 0.58;
    else if (char === ' ') total += 0.3;
    else total += caps ? 0.68 : 0.52;
  }
  return total;
}

interface Room {
  /** Widest the text may be, in SVG units. */
  max: number;
  caps?: boolean;
  /** The pill drawn behind it (the tag line), whose width follows the text. */
  pill?: boolean;
}

function fitText(tag: string, text: string, room: Room): string {
  const size = Number(/font-size="([\d.]+)"/.exec(tag)?.[1] ?? '16');
  const spacing = Number(/letter-spacing="([-\d.]+)"/.exec(tag)?.[1] ?? '0');
  const width = (fontSize: number) => ems(text, room.caps ?? false) * fontSize + spacing * [...text].length;
  let fontSize = size;
  while (width(fontSize) > room.max && fontSize > size * 0.6) fontSize -= 1;
  let out = tag.replace(/font-size="[\d.]+"/, `font-size="${fontSize}"`);
  if (width(fontSize) > room.max)
    out = out.replace('<text ', `<text textLength="${room.max}" lengthAdjust="spacingAndGlyphs" `);
  return out;
}

const ROOMS: Record<string, Room> = {
  tag: { max: 420, caps: true, pill: true },
  title: { max: 660 },
  sub: { max: 660 },
  footer: { max: 660 },
  level: { max: 300, caps: true },
  badge: { max: 74, caps: true },
};

for (const [lang, translation] of Object.entries(NEWS_TRANSLATIONS)) {
  mkdirSync(`public/banners/${lang}`, { recursive: true });
  for (const file of BANNER_FILES) {
    const english = readFileSync(`public/banners/${file.name}.svg`, 'utf8');
    const texts = bannerTexts(lang as keyof typeof NEWS_TRANSLATIONS, file);
    const title = translation.articles[file.articleId]?.title ?? '';
    let pillWidth: number | null = null;
    let svg = english.replace(
      /(<text[^>]*>)([^<]*)(<\/text>)/g,
      (whole, open: string, content: string, close: string) => {
        const found = texts.find((entry) => entry.english === unescapeXml(content));
        if (!found) return whole;
        const room = ROOMS[found.room] ?? { max: 660 };
        const fitted = fitText(open, found.text, room);
        if (room.pill) {
          const size = Number(/font-size="([\d.]+)"/.exec(fitted)?.[1] ?? '13');
          pillWidth = Math.ceil(ems(found.text, true) * size + 1.6 * [...found.text].length + 28);
        }
        return `${fitted}${escapeXml(found.text)}${close}`;
      },
    );
    if (pillWidth !== null) {
      svg = svg.replace(/(<rect x="72" y="78" width=")\d+(")/, `$1${pillWidth}$2`);
    }
    const sub = texts.find((entry) => entry.room === 'sub')?.text ?? '';
    svg = svg.replace(/(<title[^>]*>)[^<]*(<\/title>)/, `$1${escapeXml(`${title} — ${sub}`)}$2`);
    writeFileSync(`public/banners/${lang}/${file.name}.svg`, svg);
  }
}
console.log('banners written');
