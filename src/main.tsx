import { afterPagePaint, preloadPageModules } from './app/after-page-paint.ts';
import { openBackendEarly } from './app/early-backend.ts';
import { firstPaint } from './app/first-paint.ts';
import { keepPageQuotes } from './app/page-server.ts';
import './views/theme/tokens.css';

/**
 * The entry module, kept tiny: it opens the backend (the simulator's worker starts booting on a
 * thread of its own) and asks for the first page's quotes, then, once the page has painted, loads
 * the app: the app's chunk, its libraries and the page's chunk, which the HTML names
 * (vite.config.ts `preloadApp`), all preloaded at once. Before, the worker was created only after
 * React and the app had been parsed and run; and with the scripts preloaded by the HTML itself,
 * Lighthouse's mobile FCP of /home was 3.0-4.2 s (src/app/after-page-paint.ts).
 */
const backend = openBackendEarly();

// The quotes of a page sent by the server, kept for the app to start from (page-server.ts); and a
// returning visitor's held page, which shows their kept quotes as soon as its small module is in
// (held-quotes.ts), not after the app's chunks, which the page's paint lets load.
const kept = keepPageQuotes(backend.transport);
if (firstPaint() === 'held')
  Promise.all([import('./app/held-quotes.ts'), kept])
    .then(([{ paintKeptQuotes, paintLiveQuotes }]) => {
      paintKeptQuotes(backend.transport, backend.langCode);
      paintLiveQuotes(backend.transport, backend.langCode);
    })
    .catch(() => undefined);

// The page paints first (a prerendered one is whole in its HTML), then the app is loaded and run.
afterPagePaint()
  .then(() => {
    preloadPageModules();
    return Promise.all([import('./app/boot-app.tsx'), kept]);
  })
  .then(([{ bootApp }]) => bootApp(backend))
  .catch((error: unknown) => {
    console.error('Tessera failed to start', error);
    const root = document.getElementById('root');
    if (root) {
      root.innerHTML = '';
      const panel = document.createElement('div');
      panel.className = 'boot-error';
      panel.textContent = 'Tessera could not start. Please reload the page.';
      root.append(panel);
    }
  });
