import { type MouseEvent, useLayoutEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { sanitizeToFragment } from '../sanitize-html.ts';
import './components.css';

/**
 * An article's HTML body, sanitized (see sanitize-html.ts) and inserted as DOM nodes. Links to
 * pages of this site navigate inside the app instead of reloading it. A body that opens with the
 * article's own title as a heading loses that heading, since the page already shows the title.
 */
export function ArticleBody({ html, title }: { html: string; title?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  useLayoutEffect(() => {
    const fragment = sanitizeToFragment(html);
    const first = fragment.firstElementChild;
    if (
      title !== undefined &&
      first !== null &&
      /^H[1-3]$/.test(first.nodeName) &&
      first.textContent.trim() === title.trim()
    ) {
      first.remove();
    }
    ref.current?.replaceChildren(fragment);
  }, [html, title]);

  function onClick(event: MouseEvent<HTMLDivElement>): void {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const target = event.target;
    if (!(target instanceof Element)) return;
    const link = target.closest('a');
    if (link === null || link.target !== '' || link.href === '') return;
    const url = new URL(link.href, window.location.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    void navigate(url.pathname + url.search + url.hash);
  }

  return <div ref={ref} className="article-body" data-testid="article-body" onClick={onClick} />;
}
