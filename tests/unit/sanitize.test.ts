// @vitest-environment jsdom
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { sanitizeHtml, sanitizeToFragment } from '../../src/views/sanitize-html.ts';

/**
 * Article bodies are server HTML. This suite feeds known XSS vectors through the sanitizer and
 * proves that nothing in the output can run: the output is detonated in a live jsdom document
 * (scripts enabled, every element sent every event a payload could hook), and a global flag the
 * payloads would set must stay unset. A control run shows the harness does catch the raw vectors.
 */

/**
 * The window payloads run in. Vitest copies jsdom's window onto Node's global, but scripts and
 * inline handlers run in jsdom's own context, which vitest exposes as the `jsdom` global.
 */
const page = ((globalThis as unknown as { jsdom?: { window: object } }).jsdom?.window ?? window) as {
  __xss?: unknown;
};

const SET = 'window.__xss=1';

const VECTORS: readonly string[] = [
  // Scripts
  `<script>${SET}</script>`,
  `<SCRIPT SRC=//example.invalid/x.js></SCRIPT>`,
  `<scr<script>ipt>${SET}</script>`,
  `"><script>${SET}</script>`,
  `<script type="module">${SET}</script>`,
  `<template><script>${SET}</script></template>`,
  // Event handlers
  `<img src=x onerror="${SET}">`,
  `<img src="x" onerror='${SET}'/>`,
  `<IMG SRC=x ONERROR=${SET}>`,
  `<img src=x:alert(1) onerror=eval(src)>`,
  `<body onload="${SET}">`,
  `<div onmouseover="${SET}">hover</div>`,
  `<p onclick="${SET}">click</p>`,
  `<details open ontoggle="${SET}">x</details>`,
  `<input autofocus onfocus="${SET}">`,
  `<video><source onerror="${SET}"></video>`,
  `<audio src=x onerror="${SET}"></audio>`,
  `<marquee onstart="${SET}">x</marquee>`,
  `<div style="animation-name:x" onanimationstart="${SET}"></div>`,
  `<a href="#" onfocus="${SET}" autofocus>x</a>`,
  // javascript:, vbscript: and data: URLs
  `<a href="javascript:${SET}">x</a>`,
  `<a href="JaVaScRiPt:${SET}">x</a>`,
  `<a href=" javascript:${SET}">x</a>`,
  `<a href="java\tscript:${SET}">x</a>`,
  `<a href="java&#x0A;script:${SET}">x</a>`,
  `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;${SET}">x</a>`,
  `<a href="javascript&colon;${SET}">x</a>`,
  `<a href="vbscript:msgbox(1)">x</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`,
  `<img src="javascript:${SET}">`,
  `<table background="javascript:${SET}"><tr><td>x</td></tr></table>`,
  // SVG and MathML
  `<svg onload="${SET}"></svg>`,
  `<svg><script>${SET}</script></svg>`,
  `<svg><a xlink:href="javascript:${SET}"><text x="0" y="10">x</text></a></svg>`,
  `<svg><animate onbegin="${SET}" attributeName="x" dur="1s"/></svg>`,
  `<svg><set attributeName="onload" to="${SET}"/></svg>`,
  `<svg><foreignObject><iframe srcdoc="<script>parent.__xss=1</script>"></iframe></foreignObject></svg>`,
  `<math href="javascript:${SET}">x</math>`,
  `<math><maction actiontype="statusline" xlink:href="javascript:${SET}">x</maction></math>`,
  // Frames and embedded documents
  `<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>`,
  `<iframe src="javascript:parent.__xss=1"></iframe>`,
  `<iframe src="data:text/html,<script>parent.__xss=1</script>"></iframe>`,
  `<frameset><frame src="javascript:parent.__xss=1"></frameset>`,
  `<object data="javascript:${SET}"></object>`,
  `<object data="data:text/html;base64,PHNjcmlwdD5wYXJlbnQuX194c3M9MTwvc2NyaXB0Pg=="></object>`,
  `<embed src="javascript:${SET}">`,
  // CSS
  `<div style="background:url(javascript:${SET})">x</div>`,
  `<div style="width: expression(${SET})">x</div>`,
  `<style>body{background:url("javascript:${SET}")}</style>`,
  `<style>@import 'javascript:${SET}';</style>`,
  `<link rel="stylesheet" href="javascript:${SET}">`,
  `<div style="-moz-binding:url(//example.invalid/x.xml#xss)">x</div>`,
  // Meta refresh, base, forms
  `<meta http-equiv="refresh" content="0;url=javascript:${SET}">`,
  `<base href="javascript:${SET}//">`,
  `<form action="javascript:${SET}"><input type="submit"></form>`,
  `<form><button formaction="javascript:${SET}">x</button></form>`,
  `<isindex action="javascript:${SET}" type="image">`,
  `<input type="image" src="x" onerror="${SET}">`,
  // Mutation XSS (mXSS) classics
  `<svg></p><style><a id="</style><img src=1 onerror=${SET}>">`,
  `<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img&Tab;src=1&Tab;onerror=${SET}&gt;">`,
  `<form><math><mtext></form><form><mglyph><style></math><img src onerror=${SET}>`,
  `<noscript><p title="</noscript><img src=x onerror=${SET}>">`,
  `<xmp><p title="</xmp><img src=x onerror=${SET}>">`,
  `<svg><style><img src=x onerror=${SET}></style></svg>`,
  `<math><style><img src=x onerror=${SET}></style></math>`,
  `<listing>&lt;img src=x onerror=${SET}&gt;</listing>`,
  `<img src="x\` \`<script>${SET}</script>"\` \`>`,
  `<!--<img src=x onerror=${SET}>-->`,
  `<![CDATA[<img src=x onerror=${SET}>]]>`,
  `<a href="x" title="&lt;/a&gt;&lt;img src=x onerror=${SET}&gt;">x</a>`,
  // DOM clobbering
  `<img name="cookie"><form id="__xss"></form>`,
  `<a id="defaultView" name="body">x</a>`,
];

const FORBIDDEN_TAGS = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'meta',
  'link',
  'base',
  'form',
  'input',
  'button',
  'svg',
  'math',
  'template',
  'noscript',
  'isindex',
]);
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'background',
  'data',
  'xlink:href',
  'poster',
]);

/** Whatever in a tree could run code or escape the article, as readable findings. */
function dangers(root: ParentNode): string[] {
  const found: string[] = [];
  for (const element of root.querySelectorAll('*')) {
    const tag = element.localName;
    if (FORBIDDEN_TAGS.has(tag)) found.push(`<${tag}>`);
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      // Browsers ignore whitespace and control characters inside a scheme.
      // oxlint-disable-next-line no-control-regex -- stripping control characters is the point
      const value = attribute.value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
      if (name.startsWith('on')) found.push(`${tag}[${name}]`);
      if (name === 'style' || name === 'id' || name === 'name' || name === 'srcdoc')
        found.push(`${tag}[${name}]`);
      if (URL_ATTRIBUTES.has(name) && /^(javascript|vbscript|data|livescript):/.test(value)) {
        found.push(`${tag}[${name}=${attribute.value}]`);
      }
    }
  }
  return found;
}

const EVENTS = [
  'load',
  'error',
  'click',
  'dblclick',
  'focus',
  'blur',
  'mouseover',
  'mouseenter',
  'mousedown',
  'toggle',
  'start',
  'begin',
  'animationstart',
  'transitionend',
  'submit',
];

/**
 * Puts HTML into the live test document the way a careless page would, arms every script element
 * in it (jsdom leaves parsed-then-moved scripts inert; a fresh copy runs as soon as it is
 * connected), fires every event at every element, and reports whether the flag got set.
 */
async function detonate(html: string | DocumentFragment): Promise<boolean> {
  page.__xss = undefined;
  const host = document.createElement('div');
  document.body.append(host);
  host.append(typeof html === 'string' ? document.createRange().createContextualFragment(html) : html);
  for (const inert of Array.from(host.querySelectorAll('script'))) {
    const armed = document.createElement('script');
    for (const attribute of Array.from(inert.attributes)) {
      if (attribute.name !== 'src') armed.setAttribute(attribute.name, attribute.value);
    }
    armed.textContent = inert.textContent;
    inert.replaceWith(armed);
  }
  for (const element of Array.from(host.querySelectorAll('*'))) {
    for (const type of EVENTS) element.dispatchEvent(new Event(type, { bubbles: false }));
  }
  await new Promise((resolve) => setTimeout(resolve, 0));
  host.remove();
  const fired = page.__xss !== undefined;
  page.__xss = undefined;
  return fired;
}

afterEach(() => {
  document.body.replaceChildren();
  page.__xss = undefined;
});

describe('the harness', () => {
  it('catches raw payloads (so a pass below means something)', async () => {
    const caught = [
      `<script>${SET}</script>`,
      `<img src=x onerror="${SET}">`,
      `<svg onload="${SET}"></svg>`,
      `<details open ontoggle="${SET}">x</details>`,
      `<div onmouseover="${SET}">x</div>`,
      `<svg></p><style><a id="</style><img src=1 onerror=${SET}>">`,
    ];
    for (const raw of caught) expect(await detonate(raw), raw).toBe(true);
    expect(
      dangers(document.createRange().createContextualFragment(`<a href="javascript:${SET}">x</a>`)),
    ).not.toEqual([]);
  });
});

describe('sanitizeHtml', () => {
  it.each(VECTORS.map((vector) => [vector]))('defuses %s', async (vector) => {
    const clean = sanitizeHtml(vector);
    const parsed = document.createRange().createContextualFragment(clean);
    expect(dangers(parsed)).toEqual([]);
    expect(await detonate(clean)).toBe(false);
  });

  it.each(VECTORS.map((vector) => [vector]))('defuses %s as DOM nodes too', async (vector) => {
    const fragment = sanitizeToFragment(vector);
    expect(dangers(fragment)).toEqual([]);
    expect(await detonate(fragment)).toBe(false);
  });

  it('is stable: sanitizing its own output changes nothing (no mutation on re-parse)', () => {
    for (const vector of VECTORS) {
      const once = sanitizeHtml(vector);
      expect(sanitizeHtml(once), vector).toBe(once);
    }
  });

  it('survives any mix of vector pieces and noise', async () => {
    const pieces = fc.constantFrom(
      ...VECTORS,
      '<p>',
      '</p>',
      '<a href="/notice?id=1">',
      '</a>',
      '"',
      "'",
      '>',
      '<',
      '</style>',
      '</title>',
      '<!--',
      '-->',
      '<svg>',
      '<math>',
      '<table>',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(pieces, fc.string({ maxLength: 8 })), { maxLength: 8 }),
        async (parts) => {
          const clean = sanitizeHtml(parts.join(''));
          expect(dangers(document.createRange().createContextualFragment(clean))).toEqual([]);
          expect(await detonate(clean)).toBe(false);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('keeps the prose of real articles', () => {
    const article =
      '<h2>Title</h2><p>Read the <a href="/notice?id=66&amp;category_id=26">Privacy Policy</a> and <strong>keep</strong> it.</p>' +
      '<ul><li>one</li></ul><table><tr><th>A</th><td>B</td></tr></table>';
    const clean = sanitizeHtml(article);
    expect(clean).toContain('<h2>Title</h2>');
    expect(clean).toContain('<a href="/notice?id=66&amp;category_id=26">Privacy Policy</a>');
    expect(clean).toContain('<strong>keep</strong>');
    expect(clean).toContain('<li>one</li>');
    expect(clean).toContain('<th>A</th>');
  });

  it('opens external links in a new tab without an opener, and keeps internal ones in place', () => {
    const clean = sanitizeHtml(
      '<a href="https://example.com/" target="_self">out</a><a href="/home" target="_blank">in</a><a href="mailto:a@b.c">mail</a>',
    );
    const parsed = document.createRange().createContextualFragment(clean);
    const [external, internal, mail] = Array.from(parsed.querySelectorAll('a'));
    expect(external?.getAttribute('target')).toBe('_blank');
    expect(external?.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(internal?.hasAttribute('target')).toBe(false);
    expect(mail?.getAttribute('href')).toBe('mailto:a@b.c');
  });
});
