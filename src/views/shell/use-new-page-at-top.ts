import { useLayoutEffect } from 'react';

/**
 * The page shown last, starting with the one the document was loaded at: that first page keeps the
 * browser's scroll (a reload restores it). Counting pages shown instead failed on a prerendered
 * page: a link clicked while React was still hydrating it was replayed into the hydration, so the
 * first page React ever showed was already the next one, and it opened scrolled down (the CI run
 * saw /notice at 4,161 px after the home page's footer link).
 */
let shownPath: string | null = typeof window === 'undefined' ? null : window.location.pathname;

/**
 * A new page opens at its top, as a new document would. The router swaps pages in place, and the
 * window kept the scroll of the page before: a link at the foot of a long page opened the next one
 * scrolled down, its heading out of sight. A change of the query alone (a filter, a tab) keeps it.
 */
export function useNewPageAtTop(pathname: string): void {
  useLayoutEffect(() => {
    if (shownPath !== null && shownPath !== pathname) window.scrollTo(0, 0);
    shownPath = pathname;
  }, [pathname]);
}
