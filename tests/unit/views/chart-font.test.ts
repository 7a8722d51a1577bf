import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../src/domain/languages.ts';

/**
 * The candle chart draws its canvas text in --font-chart (KlineChart.tsx). ECharts sizes text by
 * measuring a CJK character in every font it is given; a stack that names the CJK family makes the
 * browser open that font for it (70-100 ms of main thread per font on /trade, issue 19). The rule:
 * the chart's stack is the page's without the CJK family, except in the languages written in CJK
 * scripts, whose chart labels need it.
 */
const css = readFileSync(new URL('../../../src/views/theme/tokens.css', import.meta.url), 'utf8');

function families(stack: string): string[] {
  return stack.split(',').map((family) => family.trim().replace(/^'|'$/g, ''));
}

/** The value a custom property is given in the rule whose selector list is exactly `selector`. */
function declared(selector: RegExp, property: string): string {
  for (const rule of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const selectors = rule[1]!.replace(/\/\*[\s\S]*?\*\//g, '').trim();
    if (!selector.test(selectors)) continue;
    const value = new RegExp(`${property}:\\s*([^;]+);`).exec(rule[2]!);
    if (value) return value[1]!.replace(/\s+/g, ' ').trim();
  }
  throw new Error(`${property} is not declared for ${selector}`);
}

const CJK_FAMILY = /CJK|\bJP\b|\bKR\b|\bSC\b|\bTC\b|Gothic|Mincho|Hei|Song|Ming/i;
const CJK_SCRIPT = /[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}]/u;

describe('the chart font (issue 19)', () => {
  const page = families(declared(/^:root$/, '--font-sans'));
  const chart = families(declared(/^:root$/, '--font-chart'));

  it('is the page stack, in its order, without the CJK families', () => {
    expect(page.some((family) => CJK_FAMILY.test(family))).toBe(true);
    expect(chart).toEqual(page.filter((family) => !CJK_FAMILY.test(family)));
  });

  it('every language written in a CJK script, and only those, gets the page stack back', () => {
    const rule = [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)].find(
      (match) => /--font-chart:\s*var\(--font-sans\)/.test(match[2]!) && /:lang\(/.test(match[1]!),
    );
    expect(rule, 'a :lang() rule giving --font-chart the page stack').toBeDefined();
    const restored = [...rule![1]!.matchAll(/:root:lang\(([a-z-]+)\)/gi)].map((match) => match[1]!);
    for (const language of LANGUAGES) {
      const primary = language.tag.split('-')[0]!;
      // :lang(zh) matches zh-Hant-HK and zh-Hans alike.
      expect(restored.includes(primary), `${language.code} (${language.tag})`).toBe(
        CJK_SCRIPT.test(language.nativeName),
      );
    }
  });
});
