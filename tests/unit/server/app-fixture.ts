import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { FIRST_PAINT_SCRIPT, OPENING_QUOTES_ID } from '../../../src/app/first-paint.ts';

/** A text in the fixture's build quotes only: a page that still carries it was sent with the build's. */
export const BUILD_QUOTES_MARK = 'the-build-s-own-quotes';

/** A secret beside the app's directory: no request may ever read it. */
export const SECRET = 'secret-beside-the-app';

/** A prerendered page as scripts/prerender/plugin.ts writes one (its head script, its root, its quotes). */
function page(path: string, quotes: boolean): string {
  const build = JSON.stringify({
    format: 1,
    source: 'sim',
    at: 1,
    groups: [],
    rows: [],
    mark: BUILD_QUOTES_MARK,
  });
  return `<!doctype html>
<html lang="en" data-theme="dark">
  <head>
    <meta charset="UTF-8" />
    <title>Tessera</title>
    <script>${FIRST_PAINT_SCRIPT}</script>
    <link rel="stylesheet" crossorigin href="/assets/index-Dx1.css">
    <script type="module" crossorigin src="/assets/index-Ab12.js"></script>
  </head>
  <body>
    <div id="root" data-prerendered="${path}"><main>${path}<span class="num">64,000.00</span></main></div>${
      quotes ? `<script type="application/json" id="${OPENING_QUOTES_ID}">${build}</script>` : ''
    }
  </body>
</html>
`;
}

/**
 * A small build as `npm run build` writes one (dist/): index.html, prerendered pages with and
 * without quotes (trade.html, notice.html, assets.html for the /assets route), hashed assets,
 * the service worker, the manifest, an icon, a font; beside it a secret file, which a link inside
 * the directory points at. Returns the directory and a remover.
 */
export function appFixture(): { dir: string; remove(): void } {
  const parent = mkdtempSync(join(tmpdir(), 'tessera-app-'));
  const dir = join(parent, 'dist');
  const files: Record<string, string | Buffer> = {
    'index.html': page('/index', false).replace(' data-prerendered="/index"', ''),
    'trade.html': page('/trade', true),
    'home.html': page('/home', true),
    'notice.html': page('/notice', false),
    'assets.html': page('/login', false),
    'legalIndex/legal.html': page('/legalIndex/legal', false),
    'assets/index-Ab12.js': 'console.log("entry");\n',
    'assets/index-Dx1.css': 'body { color: red; }\n',
    'sw.js': 'self.addEventListener("fetch", () => {});\n',
    'manifest.webmanifest': '{"name":"Tessera"}\n',
    'icons/icon-192.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    'fonts/inter.woff2': Buffer.from('wOF2'),
    '.env': SECRET,
  };
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  writeFileSync(join(parent, 'secret.txt'), SECRET);
  symlinkSync(join(parent, 'secret.txt'), join(dir, 'assets', 'linked.txt'));
  return { dir, remove: () => rmSync(parent, { recursive: true, force: true }) };
}
