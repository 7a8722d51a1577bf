import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Plugin, Rollup } from 'vite';
import {
  FIRST_PAINT_SCRIPT,
  FIRST_PAINT_STYLE,
  DRAWN_OVER,
  LOCKED_PAGE,
  OPENING_ANSWERS_ID,
  OPENING_QUOTES_ID,
  STAND_IN,
} from '../../src/app/first-paint.ts';
import { AFTER_PAINT_MODULE } from '../../src/app/after-page-paint.ts';
import { modulePreloadTag } from './module-preload-tag.ts';
import { parseOpeningDayWindows } from '../../src/sim/market/opening-day-windows.ts';

/**
 * The public pages the build prerenders (DESIGN.md "First paint"), each with the module of its
 * page, whose chunk and stylesheets the page's HTML loads at once. `quotes`: the page shows the
 * exchange's quotes, and its HTML carries the opening ones. A page behind a sign-in is not
 * prerendered as itself (a fresh visitor is sent on from it; `standIn` below). `form`: the sign-in, sign-up and password pages are forms,
 * and what a person typed into a prerendered field before the app took the page over was lost when
 * it did (two people's e-mails vanished so in the server specs). Their page is written locked
 * (`inert`, and `aria-disabled` for assistive technology and for Playwright, whose actions wait
 * for it to go): it stands whole, but takes no focus and no typing until the app has it
 * (views/first-page.ts unlocks it). Not prerendered, a phone saw only the header until the app had
 * booted: Lighthouse's mobile LCP of /login was 5.9 s.
 *
 * `standIn`: a page behind a sign-in shows a fresh visitor the sign-in page (views/shell/
 * RequireToken.tsx sends them on to it), so that page, locked, stands in for it until the app has
 * booted and sent them on (its desktop LCP was 1.7-2.0 s, all of it the app's boot). It is drawn
 * over, not hydrated (its route is another), and a signed-in visitor never sees it
 * (app/first-paint.ts STAND_IN).
 *
 * `drawnOver`: the page shows the visitor's own tab (the developer inspector's running machines),
 * as it is when the tab starts; the app draws over it (app/first-paint.ts DRAWN_OVER). Not
 * prerendered, /inspect was the header alone until the app had booted (mobile LCP 6.3 s).
 */
interface Page {
  path: string;
  module: string;
  quotes: boolean;
  form?: boolean;
  standIn?: string;
  drawnOver?: boolean;
}

/** A page behind a sign-in, as a fresh visitor first sees it: the sign-in page, with the way back. */
function signInFor(path: string): Page {
  const standIn = `/login?redirect=${encodeURIComponent(path)}`;
  return { path, module: 'src/views/pages/auth/LoginPage.tsx', quotes: false, form: true, standIn };
}

const PAGES: readonly Page[] = [
  { path: '/home', module: 'src/views/pages/home/HomePage.tsx', quotes: true },
  { path: '/markets', module: 'src/views/pages/markets/MarketsPage.tsx', quotes: true },
  { path: '/trade', module: 'src/views/pages/trade/TradePage.tsx', quotes: true },
  { path: '/notice', module: 'src/views/pages/notice/NoticePage.tsx', quotes: false },
  { path: '/deposit', module: 'src/views/pages/earnings/EarningsPage.tsx', quotes: false },
  { path: '/legalIndex/legal', module: 'src/views/pages/p2p/HallPage.tsx', quotes: false },
  { path: '/inspect', module: 'src/views/devtools/InspectPage.tsx', quotes: false, drawnOver: true },
  { path: '/login', module: 'src/views/pages/auth/LoginPage.tsx', quotes: false, form: true },
  { path: '/register', module: 'src/views/pages/auth/RegisterPage.tsx', quotes: false, form: true },
  {
    path: '/forgetPassword',
    module: 'src/views/pages/auth/ForgotPasswordPage.tsx',
    quotes: false,
    form: true,
  },
  signInFor('/lever'),
  signInFor('/second'),
  signInFor('/assets'),
  signInFor('/personal'),
];

/** JSON inside a <script> element: no `</script>` or `<!--` can appear in it. */
function scriptSafe(text: string): string {
  return text.replace(/</g, '\\u003c');
}

/** A page chunk's stylesheets and scripts (with what it imports), as the page's head names them. */
function pageLinks(
  bundle: Rollup.OutputBundle,
  module: string,
  html: string,
  base: string,
): { styles: string[]; scripts: string[] } {
  const chunk = Object.values(bundle).find(
    (file): file is Rollup.OutputChunk =>
      file.type === 'chunk' && file.facadeModuleId !== null && file.facadeModuleId.endsWith(module),
  );
  if (!chunk) throw new Error(`prerender: no chunk for ${module}`);
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (fileName: string) => {
    const file = bundle[fileName];
    if (scripts.has(fileName) || !file || file.type !== 'chunk') return;
    scripts.add(fileName);
    file.viteMetadata?.importedCss.forEach((css) => styles.add(css));
    file.imports.forEach(visit);
  };
  visit(chunk.fileName);
  const named = (file: string) => html.includes(`"${base}${file}"`);
  return {
    styles: [...styles]
      .filter((file) => !named(file))
      .map((file) => `<link rel="stylesheet" crossorigin href="${base}${file}">`),
    scripts: [...scripts].filter((file) => !named(file)).map((file) => modulePreloadTag(base + file)),
  };
}

/**
 * The settled 24 h windows of a fresh exchange opened at `openingAt` (sim/market/
 * opening-day-windows.ts), as JSON text: folded here, in a process of its own, before the worker is
 * bundled, so every fresh profile's worker takes them instead of synthesising a day of minutes per
 * pair before its first answer.
 */
function openingDayWindowsText(root: string, openingAt: number): string {
  const text = execFileSync('npx', ['tsx', 'scripts/prerender/opening-day-windows.ts', String(openingAt)], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The worker would read anything else as no windows, and quietly fold them itself again.
  if (parseOpeningDayWindows(text)?.at !== openingAt) throw new Error('prerender: no opening day windows');
  return text;
}

/**
 * `vite build` writes a finished HTML page for every public route (PAGES) beside index.html
 * (`home.html` for /home: what `vite preview` and static hosts serve for the path). The app renders
 * in Node through Vite's SSR module loader (src/app/prerender-page.tsx, React's react-dom/static);
 * the seeded exchange opens in Node at the build's opening instant (src/sim/opening-quotes.ts), and
 * its first quotes go into the pages that show quotes, and the news each page shows goes into it
 * (streams/opening-answers.ts). Every fresh profile's worker opens at that
 * same instant (the instant is compiled into the build as VITE_OPENING_AT, with the day of candles
 * behind its quotes as VITE_OPENING_DAY_WINDOWS), so its first answer is the page's
 * (tests/unit/prerender/opening-quotes.test.ts).
 *
 * A build for a real server (VITE_API_BASE) writes no quotes: the server's are not the simulator's.
 */
export function prerenderPages(): Plugin {
  // Whole minutes: the instant is a readable constant in the built worker.
  const openingAt = Math.floor(Date.now() / 60_000) * 60_000;
  let root = process.cwd();
  let outDir = 'dist';
  let base = '/';
  let forServer = false;
  let bundle: Rollup.OutputBundle | null = null;
  return {
    name: 'tessera-prerender',
    apply: 'build',
    config: (config) => ({
      define: {
        'import.meta.env.VITE_OPENING_AT': JSON.stringify(String(openingAt)),
        'import.meta.env.VITE_OPENING_DAY_WINDOWS': JSON.stringify(
          openingDayWindowsText(config.root ?? process.cwd(), openingAt),
        ),
      },
    }),
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
      base = config.base;
      forServer = Boolean(config.env.VITE_API_BASE);
    },
    writeBundle(_, written) {
      bundle = written;
    },
    closeBundle() {
      if (!bundle || !bundle['index.html']) return;
      const started = Date.now();
      const template = readFileSync(join(outDir, 'index.html'), 'utf8');
      const answer = join(tmpdir(), `tessera-prerender-${process.pid}.json`);
      execFileSync(
        'npx',
        [
          'tsx',
          'scripts/prerender/render-pages.ts',
          String(openingAt),
          forServer ? '0' : '1',
          answer,
          ...PAGES.map((page) => page.standIn ?? page.path),
        ],
        { cwd: root, stdio: 'inherit' },
      );
      const { quotes, pages } = JSON.parse(readFileSync(answer, 'utf8')) as {
        quotes: string | null;
        pages: Record<string, { body: string; answers: Record<string, unknown> }>;
      };
      rmSync(answer);
      for (const page of PAGES) {
        const rendered = pages[page.standIn ?? page.path];
        if (rendered === undefined) throw new Error(`prerender: no page for ${page.path}`);
        writePage(page.path, pageHtml(template, page, rendered, page.quotes ? quotes : null, bundle));
      }
      console.log(
        `prerendered ${PAGES.length} pages in ${Date.now() - started} ms` +
          (quotes === null
            ? ' (no quotes: a server build)'
            : ` (quotes at ${new Date(openingAt).toISOString()})`),
      );
    },
  };

  function pageHtml(
    template: string,
    page: Page,
    rendered: { body: string; answers: Record<string, unknown> },
    quotes: string | null,
    written: Rollup.OutputBundle,
  ): string {
    const open = template.indexOf('<div id="root">');
    const close = template.lastIndexOf('</div>', template.indexOf('</body>'));
    if (open < 0 || close < open) throw new Error('prerender: index.html has no <div id="root">');
    const { styles, scripts } = pageLinks(written, page.module, template, base);
    const data =
      (quotes === null
        ? ''
        : `<script type="application/json" id="${OPENING_QUOTES_ID}">${scriptSafe(quotes)}</script>`) +
      (Object.keys(rendered.answers).length === 0
        ? ''
        : `<script type="application/json" id="${OPENING_ANSWERS_ID}">${scriptSafe(JSON.stringify(rendered.answers))}</script>`);
    // The page's own script and rules go right after the <title>; its stylesheets after the
    // template's (the cascade's order) and ahead of every module preload; its preloads go last.
    const head = template.slice(0, open);
    const title = head.indexOf('</title>') + '</title>'.length;
    const preloads = head.indexOf(`<meta name="${AFTER_PAINT_MODULE}"`);
    if (title < '</title>'.length || preloads < title)
      throw new Error('prerender: unexpected index.html head');
    const own = `<script>${FIRST_PAINT_SCRIPT}</script>\n    <style>${FIRST_PAINT_STYLE}</style>`;
    return (
      head.slice(0, title) +
      `\n    ${own}` +
      head.slice(title, preloads) +
      `${styles.join('\n    ')}\n    ` +
      head.slice(preloads).replace('</head>', `  ${scripts.join('\n    ')}\n  </head>`) +
      `<div id="root" ${rootAttributes(page)}>${rendered.body}</div>${data}` +
      template.slice(close + '</div>'.length)
    );
  }

  /** The root's attributes: the route the page was rendered at, and its lock (PAGES). */
  function rootAttributes(page: Page): string {
    const rendered = page.standIn === undefined ? page.path : new URL(page.standIn, 'http://x').pathname;
    return [
      `data-prerendered="${rendered}"`,
      ...(page.standIn === undefined ? [] : [STAND_IN]),
      ...(page.drawnOver ? [DRAWN_OVER] : []),
      ...(page.form ? [LOCKED_PAGE] : []),
    ].join(' ');
  }

  function writePage(path: string, html: string): void {
    const file = join(outDir, `${path.slice(1)}.html`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, html);
  }
}
