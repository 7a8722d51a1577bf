import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { TransportError, type Transport } from '../api/transport.ts';
import { DEFAULT_LANGUAGE } from '../domain/languages.ts';
import { machinesReady } from '../machines/deferred.ts';
import type { KeptQuotes } from '../streams/kept-quotes.ts';
import { initI18n } from '../views/i18n/setup.ts';
import { AppTree } from './app-tree.tsx';
import { createServices } from './services.ts';

/**
 * At build time nothing is asked of a backend: effects do not run in a prerender, and a request
 * that starts anyway (the quotes table's snapshot) waits forever, so the page shows what it was
 * given. Its socket is never opened.
 */
const BUILD_TIME_BACKEND: Transport = {
  name: 'sim',
  request: () => new Promise<never>(() => undefined),
  socketUrl: 'sim://build',
  WebSocketCtor: class {
    constructor() {
      throw new TransportError('no socket at build time', 'network');
    }
  } as unknown as Transport['WebSocketCtor'],
};

/**
 * The HTML of the app at `path` as a fresh visitor's browser first renders it (DESIGN.md "First
 * paint"): the default language and theme, signed out, every lazy page resolved, the quotes table
 * starting from `opening` (the quotes the exchange opens with; null: none, in server builds).
 * Run in Node by the build (scripts/prerender/plugin.ts); the browser hydrates it (boot-app.tsx).
 */
export async function prerenderPage(path: string, opening: KeptQuotes | null): Promise<string> {
  const i18n = await initI18n(DEFAULT_LANGUAGE);
  const services = createServices({
    transport: BUILD_TIME_BACKEND,
    t: i18n.t.bind(i18n),
    langCode: DEFAULT_LANGUAGE,
    navigate: () => undefined,
    currentPath: () => path,
    openingQuotes: opening,
  });
  // Every page of a build shares its modules: parts already loaded for an earlier page render at
  // once, so this page's machines must be in before it renders, not only before its page does.
  await machinesReady();
  const tree = (
    <AppTree
      services={services}
      onNavigator={() => undefined}
      router={(routes) => <StaticRouter location={path}>{routes}</StaticRouter>}
    />
  );
  return renderToHtml(path, tree);
}

async function renderToHtml(path: string, tree: ReactNode): Promise<string> {
  // A part that failed to render would be left for the browser to render, and hydrating it would
  // report the failure there: the build fails instead, naming it.
  const failures: unknown[] = [];
  const { prelude } = await prerender(tree, {
    onError: (error) => void failures.push(error),
    // Never outline a large part to be moved in by script later: the page is written whole, in order.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  if (failures.length > 0) throw new AggregateError(failures, `prerendering ${path} failed`);
  return new Response(prelude).text();
}
