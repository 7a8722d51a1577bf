import { AFTER_PAINT_MODULE } from '../../src/app/after-page-paint.ts';

/**
 * A script of the app the page's HTML names (the app chunk and its imports, a prerendered page's
 * chunk): not a <link rel="modulepreload">, which downloads it beside the stylesheets, but a
 * <meta> the entry module turns into one once the page has painted (src/app/after-page-paint.ts).
 * Lighthouse counts every script that finished downloading and every script evaluated before the
 * observed paint into its simulated FCP and LCP: on the mobile preset (slow 4G, 4x slower CPU) the
 * 140 KB (gzipped) shell preloaded by the HTML put /home's FCP at 3.0-4.2 s (issue 27).
 */
export function modulePreloadTag(href: string): string {
  return `<meta name="${AFTER_PAINT_MODULE}" content="${href}">`;
}
