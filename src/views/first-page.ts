import { useEffect } from 'react';

/**
 * Whether the app's first page is still to be shown: until it has mounted, a view renders the
 * data the app started from (the prerendered page's quotes, or the kept ones) rather than its
 * empty loading state, so hydrating a prerendered page finds in the DOM exactly what it renders
 * (DESIGN.md "First paint"). Pages opened later start from their loading state as before.
 */
let firstPageMounted = false;

export function isFirstPage(): boolean {
  return !firstPageMounted;
}

/**
 * Rendered beside every routed page (routes.tsx): it marks the first one shown once it mounts, and
 * ends the prerendered page's first paint (app/first-paint.ts): the page on screen is the app's
 * now, hydrated or drawn, and answers input.
 */
export function FirstPageMark(): null {
  useEffect(() => {
    if (firstPageMounted) return;
    firstPageMounted = true;
    delete document.documentElement.dataset.firstPaint;
    // A prerendered form page stood locked until now (app/first-paint.ts LOCKED_PAGE), and a
    // stand-in page (STAND_IN) or a page of the tab's own (DRAWN_OVER) has been drawn over.
    const root = document.getElementById('root');
    root?.removeAttribute('inert');
    root?.removeAttribute('aria-disabled');
    root?.removeAttribute('data-stand-in');
    root?.removeAttribute('data-drawn-over');
    delete document.documentElement.dataset.signedIn;
    delete document.documentElement.dataset.addressQuery;
  }, []);
  return null;
}
