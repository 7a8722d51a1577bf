import type { Page } from '@playwright/test';

/**
 * Words wider than their own box that spill over its edge into what stands beside it (a tab's label
 * over the next tab, a heading over a QR code): the page fits the window, yet the text overlaps.
 * Boxes that clip or scroll their overflow (ellipsis) are not counted, nor text in a visually hidden
 * box (1 px wide: a table's header row that phones read as cards, a screen reader's heading).
 * Looks inside the first element `root` matches (the whole page by default); at most five are named.
 */
export function spillingText(page: Page, root = 'body'): Promise<string[]> {
  return page.evaluate((rootSelector) => {
    const out: string[] = [];
    const scope = document.querySelector(rootSelector);
    const elements = scope ? [scope, ...scope.querySelectorAll('*')] : [];
    for (const element of elements) {
      if (!(element instanceof HTMLElement) || element.offsetParent === null) continue;
      const holdsText = Array.from(element.childNodes).some(
        (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
      );
      if (!holdsText) continue;
      const style = getComputedStyle(element);
      if (style.display === 'inline' || style.overflowX !== 'visible') continue;
      let visuallyHidden = false;
      for (let up: Element | null = element; up && up !== document.body; up = up.parentElement) {
        if (up.getBoundingClientRect().width <= 1) visuallyHidden = true;
      }
      if (!visuallyHidden && element.scrollWidth > element.clientWidth + 1)
        out.push(
          `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 30)}" needs ${element.scrollWidth}px, has ${element.clientWidth}px`,
        );
    }
    return out.slice(0, 5);
  }, root);
}
