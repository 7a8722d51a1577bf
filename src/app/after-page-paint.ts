/**
 * The name of the <meta> tags by which the HTML lists the app's scripts (the app chunk and its
 * imports, a prerendered page's chunk): the entry preloads them once the page has painted
 * (scripts/prerender/module-preload-tag.ts writes them).
 */
export const AFTER_PAINT_MODULE = 'after-paint-module';

/**
 * How long the entry waits at most for the page's first contentful paint: a hidden tab (opened
 * in the background) paints nothing, and must still start the app.
 */
const NO_PAINT_AFTER_MS = 1_500;

/**
 * Resolves once the browser reports the page's first contentful paint (the frame is on screen,
 * not only drawn), or after NO_PAINT_AFTER_MS without one. The entry module waits for it before it
 * downloads and runs the app: a prerendered page is whole in its HTML and stylesheets, and the
 * app's scripts evaluated before the paint kept it from the screen (issue 27: at load 15 Chrome
 * drew /home at 0.2 s and showed it at 1.2-2.2 s, while the app's libraries ran).
 */
export function afterPagePaint(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      observer?.disconnect();
      resolve();
    };
    const timer = setTimeout(done, NO_PAINT_AFTER_MS);
    let observer: PerformanceObserver | null = null;
    if (typeof PerformanceObserver !== 'function') return;
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    try {
      observer.observe({ type: 'paint', buffered: true });
    } catch {
      // No paint timing here (an old browser): the timeout starts the app.
    }
  });
}

/** Preloads the scripts the page's HTML lists (AFTER_PAINT_MODULE), all at once and in parallel. */
export function preloadPageModules(): void {
  for (const meta of document.querySelectorAll<HTMLMetaElement>(`meta[name="${AFTER_PAINT_MODULE}"]`)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = meta.content;
    document.head.append(link);
  }
}
