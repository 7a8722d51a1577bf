import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';

/**
 * Article bodies (news/info `content`) are HTML from the server, so they are sanitized with
 * DOMPurify before they touch the page. The policy is an allowlist for prose: headings,
 * paragraphs, lists, tables, links and images. Nothing that runs code or changes the page around
 * it survives: no script, style, form, frame, object, SVG or MathML; no event handler, style, id,
 * class or name attribute; no URL other than http(s), mailto, tel or a relative one.
 *
 * Views use `sanitizeToFragment`, which hands over the sanitized DOM nodes themselves: the
 * serialize-and-parse-again round trip that mutation XSS (mXSS) feeds on never happens.
 */

const ALLOWED_TAGS = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'hr',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'small',
  'mark',
  'span',
  'div',
  'blockquote',
  'code',
  'pre',
  'a',
  'img',
  'figure',
  'figcaption',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
];

const ALLOWED_ATTR = ['href', 'title', 'alt', 'src', 'width', 'height', 'colspan', 'rowspan', 'scope'];

/** http(s), mailto and tel, or a relative URL (no scheme before the first ":" / "/" / "?" / "#"). */
const ALLOWED_URI = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

const BASE_CONFIG: Config = {
  ALLOWED_TAGS,
  ALLOWED_ATTR,
  ALLOWED_URI_REGEXP: ALLOWED_URI,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  // Forbidden outright, content and all, even if a later edit widens ALLOWED_TAGS by mistake.
  FORBID_TAGS: [
    'script',
    'style',
    'iframe',
    'frame',
    'frameset',
    'object',
    'embed',
    'applet',
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'option',
    'meta',
    'link',
    'base',
    'svg',
    'math',
    'template',
    'noscript',
    'xmp',
    'noembed',
    'noframes',
    'plaintext',
  ],
  FORBID_ATTR: ['style', 'id', 'class', 'name', 'srcset', 'formaction', 'action', 'xlink:href'],
  WHOLE_DOCUMENT: false,
  KEEP_CONTENT: true,
};

function isExternal(href: string): boolean {
  return /^(?:https?:)?\/\//i.test(href.trim());
}

let instance: DOMPurify | null = null;

function purifier(): DOMPurify {
  if (instance !== null) return instance;
  // Our own instance, so the hooks below never leak into another caller of the default one.
  const purify = createDOMPurify(window);
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A') {
      const href = node.getAttribute('href');
      if (href !== null && isExternal(href)) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer nofollow');
      } else {
        node.removeAttribute('target');
      }
    }
    if (node.nodeName === 'IMG') {
      node.setAttribute('loading', 'lazy');
      node.setAttribute('referrerpolicy', 'no-referrer');
    }
  });
  instance = purify;
  return purify;
}

/** The sanitized HTML as a string (tests, and anything that must store it). */
export function sanitizeHtml(html: string): string {
  return purifier().sanitize(html, { ...BASE_CONFIG, RETURN_DOM: false, RETURN_DOM_FRAGMENT: false });
}

/** The sanitized HTML as DOM nodes, ready to append: what views render. */
export function sanitizeToFragment(html: string): DocumentFragment {
  // DOMPurify answers null (despite its types) when the input leaves no body, e.g. a <frameset>.
  const fragment: DocumentFragment | null = purifier().sanitize(html, {
    ...BASE_CONFIG,
    RETURN_DOM_FRAGMENT: true,
  });
  return fragment ?? document.createDocumentFragment();
}
