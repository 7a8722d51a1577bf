import { execFileSync } from 'node:child_process';
import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { localeParts } from './scripts/locale-parts-plugin.ts';
import { prerenderPages } from './scripts/prerender/plugin.ts';
import { modulePreloadTag } from './scripts/prerender/module-preload-tag.ts';
import { filesNeedingIsolation } from './scripts/unit-test-isolation.ts';

/** The libraries the shell itself runs on: every one of them is needed for the first render. */
const SHELL_LIBRARIES =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|i18next|react-i18next|xstate|@xstate[\\/]react|use-sync-external-store|use-isomorphic-layout-effect)[\\/]/;

/**
 * The chunks every page of the app already has: the entry's static import closure (issue 19).
 * A dynamic import's preload list need not name them (they loaded before any import() could run),
 * and leaving them out keeps those lists, which sit in the entry chunk, short.
 */
const loadedWithEntry = new Set<string>();
function entryClosure(): Plugin {
  return {
    name: 'tessera-entry-closure',
    generateBundle: {
      order: 'pre',
      handler(_, bundle) {
        loadedWithEntry.clear();
        const visit = (file: string) => {
          const chunk = bundle[file];
          if (loadedWithEntry.has(file) || !chunk || chunk.type !== 'chunk') return;
          loadedWithEntry.add(file);
          chunk.imports.forEach(visit);
        };
        for (const chunk of Object.values(bundle))
          if (chunk.type === 'chunk' && chunk.isEntry) visit(chunk.fileName);
      },
    },
  };
}

/** The app's own module, which the entry module (src/main.tsx) imports once it has opened the backend. */
const APP_MODULE = /[\\/]src[\\/]app[\\/]boot-app\.tsx$/;

/**
 * The app chunk and everything it imports, named by the HTML itself, with its stylesheets in the
 * head: the entry module opens the backend, waits for the page's first paint, then preloads every
 * script the HTML names, all at once (scripts/prerender/module-preload-tag.ts says why not before
 * the paint), and imports the app. The stylesheets also style the static frame in index.html
 * before any script has run.
 */
function preloadApp(): Plugin {
  let base = '/';
  return {
    name: 'tessera-preload-app',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const app = Object.values(bundle).find(
          (chunk) =>
            chunk.type === 'chunk' && chunk.facadeModuleId !== null && APP_MODULE.test(chunk.facadeModuleId),
        );
        if (!app) throw new Error('preloadApp: no chunk for src/app/boot-app.tsx');
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (file: string) => {
          const chunk = bundle[file];
          if (scripts.has(file) || !chunk || chunk.type !== 'chunk') return;
          scripts.add(file);
          chunk.viteMetadata?.importedCss.forEach((css) => styles.add(css));
          chunk.imports.forEach(visit);
        };
        visit(app.fileName);
        // A file the HTML already loads (the entry script, the entry's stylesheet) is not named twice.
        const named = (file: string) => html.includes(`"${base}${file}"`);
        const tags = [
          ...[...styles]
            .filter((file) => !named(file))
            .map((file) => `<link rel="stylesheet" crossorigin href="${base}${file}">`),
          ...[...scripts].filter((file) => !named(file)).map((file) => modulePreloadTag(base + file)),
        ];
        return html.replace('</head>', `  ${tags.join('\n    ')}\n  </head>`);
      },
    },
  };
}

/**
 * The service worker (issue 27 item 5; registered by src/app/app-update.ts): it precaches the pages,
 * every chunk and the public images, so a repeat visit paints from the cache and the app, whose
 * exchange runs in the browser, works offline; it installs as an app from the manifest. A new version
 * waits until the page's notice is pressed ("prompt"). Only same-origin files of the build are
 * cached: the API and the socket of a server (`/api/`, `/ws`, or another origin) always go to the
 * network, and a navigation to them is never answered with the app's page.
 * Served by `npm run server -- --app`, the precached pages are the ones that server sent (they name
 * it as their backend, held, with its quotes as of the worker's install: sim/node/served-page.ts),
 * and the app also remembers the server (app/page-server.ts), so a visit painted from this cache
 * still speaks to it.
 */
const serviceWorker = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  manifest: {
    name: 'Tessera',
    short_name: 'Tessera',
    description: 'A demo crypto-asset exchange on live simulated markets. No real money moves.',
    start_url: '/home',
    scope: '/',
    display: 'standalone',
    background_color: '#0b0e14',
    theme_color: '#0b0e14',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  // The icons are in the glob below already (the plugin would list them a second time).
  includeManifestIcons: false,
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png}'],
    // The statechart inspector's graph layout worker (1.6 MB, developer tools only) loads from the network.
    globIgnores: ['**/elk-worker*'],
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    navigateFallback: '/index.html',
    // The paths a server answers itself (sim/node/app-files.ts isAppPath): an uploaded image opened
    // in a tab of the app served by `npm run server -- --app` is the image, not the app's page.
    navigateFallbackDenylist: [/^\/api\//, /^\/ws(\/|$)/, /^\/uploads\//, /^\/healthz$/, /^\/demo\//],
    cleanupOutdatedCaches: true,
  },
});

/**
 * What the unit tests test: the trees of src and tests at the commit checked out (a change elsewhere,
 * a comment in this file or the README, keeps them); '' outside a git checkout.
 */
function codeUnderTest(): string {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD:src', 'HEAD:tests'], {
      cwd: import.meta.dirname,
      encoding: 'utf8',
    })
      .trim()
      .replace(/\s+/g, ' ');
  } catch {
    return '';
  }
}

const UNIT_TESTS = ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'];
/** The unit test files that load their modules afresh (the `isolated` project below). */
const ISOLATED_UNIT_TESTS = filesNeedingIsolation(import.meta.dirname, 'tests/unit');

export default defineConfig({
  plugins: [localeParts(), entryClosure(), preloadApp(), react(), prerenderPages(), serviceWorker],
  worker: { format: 'es', plugins: () => [localeParts()] },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The libraries the shell runs on, one chunk (issue 19): all of them load before the
          // first render anyway, and one file compresses better than the seven they were split
          // into (5 KB gzipped less, and shorter preload lists). Libraries that only pages use
          // (echarts, zod, dexie...) keep their own chunks.
          groups: [{ name: 'shell-libraries', test: SHELL_LIBRARIES }],
        },
      },
    },
    modulePreload: {
      resolveDependencies: (_, deps, { hostType }) =>
        hostType === 'js' ? deps.filter((dep) => !loadedWithEntry.has(dep)) : deps,
    },
  },
  test: {
    // The server's tests need the SQLite addon, which `npm install` does not build (issue 27).
    globalSetup: ['tests/unit/sqlite-addon.global.ts'],
    // Property draws seeded by the code under test and the file (tests/setup/fast-check-commit-seed.ts).
    setupFiles: ['tests/setup/fast-check-commit-seed.ts'],
    env: { FC_SEED_BASE: codeUnderTest() },
    environment: 'node',
    testTimeout: 20_000,
    // Two files at once. Vitest's default on a 2-core machine is cpus - 1 = 1 worker, and about a
    // third of a run is files importing and evaluating their modules afresh (import 150 s,
    // environment 47 s of 673 s in one run), which a second core halves. Measured here (2 cores, another engineer's
    // browsers beside it), in this order: the whole step 675 s on 1 worker (load 1.3-5.9), 462, 375
    // and 372 s on 2 (load 5.4-3.4, 3.4-3.5, 1.3-3.5), 525 s on 1 again (load 3.2-1.8), all green;
    // views + domain + machines, alternately, 245 and 218 s on 1 worker, 133 and 81 s on 2.
    // held-quotes.test.tsx ran alone for a while (its fixed 50 ms wait failed 3 times of 4 beside
    // another file); since 2f79b85 it waits for what it checks, and passed 4 of 4 beside another.
    maxWorkers: 2,
    // Files share one module graph per worker unless they change what others would see
    // (scripts/unit-test-isolation.ts): 374 files shared, 22 isolated (21, and the rule's own test,
    // which names the patterns). The whole step took 233 s, then 340 s (browsers measuring beside
    // it) and 217 s in shuffled file order (seeds 4711 and 99), all 395 files green, against
    // 369-441 s with every file loading its modules afresh; 275 and 323 s in CI=true rehearsals.
    projects: [
      {
        extends: true,
        test: { name: 'shared', isolate: false, include: UNIT_TESTS, exclude: ISOLATED_UNIT_TESTS },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED_UNIT_TESTS } },
    ],
  },
});
