import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { TransportError, type Transport, type WireRequest } from '../api/transport.ts';
import { DEFAULT_LANGUAGE } from '../domain/languages.ts';
import { machinesReady } from '../machines/deferred.ts';
import type { KeptQuotes } from '../streams/kept-quotes.ts';
import { type OpeningAnswers, openingAnswersFrom } from '../streams/opening-answers.ts';
import { initI18n } from '../views/i18n/setup.ts';
import { AppTree } from './app-tree.tsx';
import { createServices } from './services.ts';

/**
 * At build time nothing is asked of a backend but the news (`content`: the seeded simulator's
 * answers, DESIGN.md "First paint"): effects do not run in a prerender, and a request that starts
 * anyway (the quotes table's snapshot) waits forever, so the page shows what it was given. Its
 * socket is never opened.
 */
function buildTimeBackend(content: ContentAnswers | null): Transport {
  return {
    name: 'sim',
    request: (request) =>
      content !== null && CONTENT_READS.has(request.path)
        ? content(request)
        : new Promise<never>(() => undefined),
    socketUrl: 'sim://build',
    WebSocketCtor: class {
      constructor() {
        throw new TransportError('no socket at build time', 'network');
      }
    } as unknown as Transport['WebSocketCtor'],
  };
}

/** The reads a prerendered page carries the answers of: the same for every visitor in its language. */
const CONTENT_READS: ReadonlySet<string> = new Set(['news/categories', 'news/list', 'news/info']);

/** How the build answers a content read: the seeded simulator, in the default language. */
export type ContentAnswers = (request: WireRequest) => Promise<unknown>;

/** A prerendered page: its HTML, and the answers of the content reads it shows (opening-answers.ts). */
export interface PrerenderedPage {
  body: string;
  answers: Record<string, unknown>;
}

/** Rendering again after the answers of what the last render asked for came: a list, its first article. */
const MOST_RENDERS = 4;

/**
 * The HTML of the app at `path` as a fresh visitor's browser first renders it (DESIGN.md "First
 * paint"): the default language and theme, signed out, every lazy page resolved, the quotes table
 * starting from `opening` (the quotes the exchange opens with; null: none, in server builds), and
 * the news it reads answered by `content` (null: none, in server builds). The page is rendered
 * until it asks for no news it has not been answered: /notice reads its list, then the list's
 * newest article. Run in Node by the build (scripts/prerender/plugin.ts); the browser hydrates it
 * (boot-app.tsx), starting from the same answers.
 */
export async function prerenderPage(
  path: string,
  opening: KeptQuotes | null,
  content: ContentAnswers | null,
): Promise<PrerenderedPage> {
  const i18n = await initI18n(DEFAULT_LANGUAGE);
  const answered: Record<string, unknown> = {};
  for (let render = 1; ; render++) {
    const asked = new Map<string, () => Promise<unknown>>();
    const answers: OpeningAnswers = {
      ...openingAnswersFrom(answered),
      asked: (key, load) => void asked.set(key, load),
    };
    const services = createServices({
      transport: buildTimeBackend(content),
      t: i18n.t.bind(i18n),
      langCode: DEFAULT_LANGUAGE,
      navigate: () => undefined,
      currentPath: () => path,
      openingQuotes: opening,
      openingAnswers: answers,
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
    const body = await renderToHtml(path, tree);
    const unanswered = [...asked].filter(([key]) => !Object.hasOwn(answered, key));
    if (content === null) return { body, answers: {} };
    if (unanswered.length === 0) {
      // Only what this render read: an answer an earlier render needed and this one did not is left out.
      return { body, answers: Object.fromEntries([...asked.keys()].map((key) => [key, answered[key]])) };
    }
    if (render === MOST_RENDERS) throw new Error(`prerendering ${path}: its reads never settle`);
    for (const [key, load] of unanswered) answered[key] = await load();
  }
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
