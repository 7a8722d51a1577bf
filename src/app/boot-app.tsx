import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { unstable_forceFrameRate } from 'scheduler';
import { BrowserRouter, type NavigateFunction } from 'react-router-dom';
import type { Transport } from '../api/transport.ts';
import { DEFAULT_LANGUAGE, type LanguageCode } from '../domain/languages.ts';
import { registerAppUpdate } from './app-update.ts';
import { numberTextFor } from '../domain/number-locale.ts';
import { writePref } from '../machines/local-prefs.ts';
import { AppTree } from './app-tree.tsx';
import {
  appTakesPage,
  firstPaint,
  liveTableOfPage,
  openingAnswersOfPage,
  openingQuotesOfPage,
} from './first-paint.ts';
import { createServices } from './services.ts';
import { yieldToPage } from './yield-to-page.ts';
import { initI18n } from '../views/i18n/setup.ts';
import { installDevShortcuts } from '../views/devtools/devtools-store.ts';
import { keepTypedInHeldPage } from '../views/use-typed-before-app.ts';

/** React's scheduler works in slices of 1000 / this ms (10 ms) before it yields to the page. */
const FRAME_RATE_FOR_10_MS_SLICES = 100;

/**
 * Starts the app over a backend the entry module (main.tsx) already opened: the text, the
 * services, then the first render. (The rest of the services waits for the text: started as early
 * as the backend, their chunks and schemas delayed the shell's render, and the first quote came
 * 60-150 ms later over 7 fresh profiles.)
 */
export async function bootApp({
  transport,
  langCode,
}: {
  transport: Transport;
  langCode: LanguageCode;
}): Promise<void> {
  installDevShortcuts();
  const i18n = await initI18n(langCode);
  // Each step of the start in a task of its own (yield-to-page.ts): the text, the language's
  // number formats, the services, the first render (which React slices itself).
  await yieldToPage();
  // The first number formatted in a language builds its formats from the browser's locale data:
  // 63 ms in a trace of /home under a 4x slower CPU, inside one of the first render's slices,
  // which it made a long task.
  numberTextFor(langCode).exact('1234.5');
  await yieldToPage();
  // A prerendered page this visitor sees as it is is hydrated, with the quotes it was built with;
  // any other page is rendered over (first-paint.ts).
  const paint = firstPaint();
  const hydrating = paint === 'hydrate';
  // This profile's exchange now exists and moves on: its next visits hold the opening quotes back.
  if (transport.name === 'sim') writePref('exchangeOpened', '1');
  // Navigation from outside React goes through the router once it has mounted; a request before
  // that (none is expected: the session acts on answers) waits for it.
  let navigateInApp: NavigateFunction | null = null;
  let waiting: string | null = null;
  const onNavigator = (navigate: NavigateFunction) => {
    navigateInApp = navigate;
    if (waiting !== null) void navigate(waiting);
    waiting = null;
  };
  const services = createServices({
    transport,
    t: i18n.t.bind(i18n),
    langCode,
    navigate: (to) => {
      if (navigateInApp) void navigateInApp(to);
      else waiting = to;
    },
    openingQuotes: hydrating ? openingQuotesOfPage() : null,
    // A held page showing the exchange's quotes of a moment ago as live: the app starts from them.
    liveQuotes: paint === 'held' ? liveTableOfPage() : null,
    // The page's news is every visitor's in its language (the default) on the simulator, whose
    // seeded news the build asked: taken over as well as hydrated, the page starts from it.
    openingAnswers:
      (paint === 'hydrate' || paint === 'held') && transport.name === 'sim' && langCode === DEFAULT_LANGUAGE
        ? openingAnswersOfPage()
        : null,
    currentPath: () => {
      const { pathname, search } = window.location;
      // Already on /login: keep the page the user was originally sent from.
      if (pathname === '/login') return new URLSearchParams(search).get('redirect') ?? '/home';
      return pathname + search;
    },
  });
  // The service worker (repeat visits from the cache, offline, new versions announced): in the
  // production build only, where its script and precache list exist.
  if (import.meta.env.PROD) services.appUpdate = registerAppUpdate();
  const root = document.getElementById('root');
  if (!root) throw new Error('no #root element');
  await yieldToPage();
  // The first render is a transition, so React renders it in slices between which the page can
  // answer input, instead of one block of 150-270 ms on a 2-core machine (Lighthouse's
  // total blocking time). A slice is 10 ms, twice React's 5 ms: Lighthouse's mobile preset counts
  // each task four times as long (its 4x slower CPU), so a slice must stay under 12.5 ms here to
  // stay under the 50 ms at which a task blocks. Side by side with 40 ms slices (3 runs each):
  // desktop /home TBT 107 -> 30 ms, /trade 191 -> 114 ms; mobile /login 690 -> 453 ms; the first
  // quote did not move (9 fresh profiles each).
  unstable_forceFrameRate(FRAME_RATE_FOR_10_MS_SLICES);
  const tree = (
    <AppTree
      services={services}
      onNavigator={onNavigator}
      router={(routes) => <BrowserRouter>{routes}</BrowserRouter>}
    />
  );
  // Hydration is a transition too: React hydrates the page in slices, and the visitor can already
  // read and scroll the prerendered page meanwhile.
  appTakesPage();
  if (hydrating) startTransition(() => void hydrateRoot(root, tree));
  else {
    // What is typed into a held page's fields until the app's page is up is kept for it.
    if (paint !== null) keepTypedInHeldPage(root);
    const app = createRoot(root);
    startTransition(() => app.render(tree));
  }
}
