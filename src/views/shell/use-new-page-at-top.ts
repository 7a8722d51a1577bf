import { useLayoutEffect } from 'react';

/** Pages shown since the document loaded. The first keeps the browser's scroll: a reload restores it. */
let pagesShown = 0;

/**
 * A new page opens at its top, as a new document would. The router swaps pages in place, and the
 * window kept the scroll of the page before: a link at the foot of a long page opened the next one
 * scrolled down, its heading out of sight. A change of the query alone (a filter, a tab) keeps it.
 */
export function useNewPageAtTop(pathname: string): void {
  useLayoutEffect(() => {
    if (pagesShown++ > 0) window.scrollTo(0, 0);
  }, [pathname]);
}
