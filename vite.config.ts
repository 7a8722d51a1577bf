import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { LOCALE_PARTS, localePart, type LocalePart } from './src/views/i18n/locale-parts.ts';

/**
 * `locales/<code>.json?part=shell|page|server` imports one part of a locale file (issue 19: the
 * first paint loads only the shell's text, the worker only the server's messages); see
 * src/views/i18n/locale-parts.ts. The part is a module whose default export is the tree, parsed
 * with JSON.parse (faster than an object literal of the same size to parse and compile).
 */
function localeParts(): Plugin {
  return {
    name: 'tessera-locale-parts',
    enforce: 'pre',
    load(id) {
      const [file = '', query = ''] = id.split('?');
      const part = new URLSearchParams(query).get('part') as LocalePart | null;
      if (!/[\\/]locales[\\/][a-z]+\.json$/.test(file) || !part || !LOCALE_PARTS.includes(part)) return null;
      this.addWatchFile(file);
      const tree = localePart(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>, part);
      return {
        code: `export default JSON.parse(${JSON.stringify(JSON.stringify(tree))});`,
        moduleType: 'js',
      };
    },
  };
}

/**
 * Issue 19: the built page opens the simulator's SharedWorker from an inline script as the HTML
 * parses, so the worker downloads, compiles, opens its log and starts the market while the app's
 * entry is still loading, rather than after it. The app takes that port over (src/app/sim-port.ts:
 * same URL, name and type, so it is the one exchange either way). Not where a real server is
 * configured (`api_base`), nor without SharedWorker (a dedicated Worker is the app's to start),
 * nor in the dev server (its worker URL is not a file of the bundle).
 */
function earlySimWorker(): Plugin {
  let base = '/';
  let serverConfigured = false;
  return {
    name: 'tessera-early-sim-worker',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      serverConfigured = Boolean(config.env.VITE_API_BASE);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const worker = Object.keys(context.bundle ?? {}).find((file) =>
          /(^|\/)worker-[\w-]+\.js$/.test(file),
        );
        if (!worker || serverConfigured) return html;
        const script =
          `try{if(typeof SharedWorker!=='undefined'&&!localStorage.getItem('api_base')){` +
          `var w=new SharedWorker('${base}${worker}',{type:'module',name:'tessera-sim'});w.port.start();` +
          `window.__tesseraSimPort=w.port}}catch(e){}`;
        return { html, tags: [{ tag: 'script', children: script, injectTo: 'head-prepend' }] };
      },
    },
  };
}

export default defineConfig({
  plugins: [localeParts(), earlySimWorker(), react()],
  worker: { format: 'es', plugins: () => [localeParts()] },
  build: { target: 'es2022', chunkSizeWarningLimit: 1500 },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 20_000,
  },
});
