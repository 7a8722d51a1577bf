import type { Page } from '@playwright/test';
import { crowdedTargets, type TargetBox } from './tap-target-rule.ts';

/**
 * Every control the page shows (links, buttons, fields, tabs, a label that holds a check box) as a
 * box, then the tap-target rule over them (tap-target-rule.ts). Not counted, as WCAG 2.5.8 allows:
 * a link inside a sentence (its size is the text's), and what nobody can see or reach (hidden, in an
 * aria-hidden or inert part, no area, or outside the window).
 */
export async function smallTapTargets(page: Page): Promise<string[]> {
  const boxes = await page.evaluate((): TargetBox[] => {
    const SELECTOR = [
      'a[href]',
      'button',
      'select',
      'textarea',
      'summary',
      'input:not([type=hidden])',
      '[role=button]',
      '[role=tab]',
      '[role=link]',
      '[role=switch]',
      '[role=checkbox]',
      '[role=radio]',
      '[role=option]',
      '[role=menuitem]',
    ].join(',');
    const seen = new Set<Element>();
    const out: TargetBox[] = [];
    const hidden = (element: Element): boolean => {
      for (let up: Element | null = element; up; up = up.parentElement) {
        if (up.getAttribute('aria-hidden') === 'true' || up.hasAttribute('inert')) return true;
        const style = getComputedStyle(up);
        if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0)
          return true;
      }
      return false;
    };
    /** A link in running text: inline, and its block holds words outside it. */
    const inSentence = (element: Element): boolean => {
      if (element.tagName !== 'A' || getComputedStyle(element).display !== 'inline') return false;
      const block = element.parentElement;
      if (!block) return false;
      const own = (element.textContent ?? '').trim().length;
      return (block.textContent ?? '').trim().length > own + 3;
    };
    for (const found of document.querySelectorAll(SELECTOR)) {
      // A check box or radio inside its label: the label is what a finger taps.
      const target =
        found instanceof HTMLInputElement && (found.type === 'checkbox' || found.type === 'radio')
          ? (found.closest('label') ?? found)
          : found;
      if (seen.has(target)) continue;
      seen.add(target);
      if (hidden(target) || inSentence(target)) continue;
      const box = target.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.right <= 0 || box.left >= window.innerWidth) continue;
      const text = (target.getAttribute('aria-label') ?? target.textContent ?? '')
        .trim()
        .replace(/\s+/g, ' ');
      const id = target.getAttribute('data-testid');
      out.push({
        name: `${target.tagName.toLowerCase()}${id ? `[${id}]` : ''} "${text.slice(0, 24)}"`,
        x: box.x,
        y: box.y + window.scrollY,
        width: box.width,
        height: box.height,
      });
    }
    return out;
  });
  return crowdedTargets(boxes);
}
