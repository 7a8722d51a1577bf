/**
 * How /white embeds the external buy page. The address comes from the server (setting white_url),
 * so it is checked before it becomes an iframe's src, and the sandbox depends on where it points.
 */

export type EmbedTarget =
  | { readonly kind: 'none' }
  | { readonly kind: 'invalid' }
  | { readonly kind: 'ok'; readonly src: string; readonly sandbox: string; readonly sameOrigin: boolean };

/** What any embedded buy page may do: run its script, submit its form, open a payment window. */
const BASE_SANDBOX = ['allow-scripts', 'allow-forms', 'allow-popups', 'allow-popups-to-escape-sandbox'];

/**
 * The iframe for a white_url, seen from `siteOrigin`.
 *
 * - Empty: nothing configured. Not http(s) (javascript:, data:, blob:...): refused.
 * - Another origin (a real payment provider) gets `allow-same-origin`, so it keeps its own
 *   cookies and storage; it is still a different origin and cannot touch this page.
 * - This site's own origin never gets `allow-same-origin`: with `allow-scripts` it could reach
 *   into the parent and remove its own sandbox. It runs as an opaque origin instead.
 * - `theme` is passed as ?theme=dark|light, the usual convention of embeddable buy widgets, so
 *   the partner page can match the site; pages that do not know it ignore it.
 */
export function embedTarget(
  whiteUrl: string | null | undefined,
  siteOrigin: string,
  theme?: 'dark' | 'light',
): EmbedTarget {
  const raw = (whiteUrl ?? '').trim();
  if (raw === '') return { kind: 'none' };
  let url: URL;
  try {
    url = new URL(raw, siteOrigin);
  } catch {
    return { kind: 'invalid' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { kind: 'invalid' };
  if (url.username !== '' || url.password !== '') return { kind: 'invalid' };
  const sameOrigin = url.origin === siteOrigin;
  if (theme !== undefined) url.searchParams.set('theme', theme);
  const sandbox = sameOrigin ? BASE_SANDBOX : [...BASE_SANDBOX, 'allow-same-origin'];
  return { kind: 'ok', src: url.href, sandbox: sandbox.join(' '), sameOrigin };
}

/** Spec §2 "External buy page": the embedded document is 800 high. */
export const EMBED_HEIGHT = 800;
