import { openBackendEarly } from './app/early-backend.ts';
import './views/theme/tokens.css';

/**
 * The entry module, kept tiny: it opens the backend (the simulator's worker starts booting on a
 * thread of its own) and asks for the first page's quotes, then loads the app. The app's chunk and
 * its libraries are preloaded by the HTML (vite.config.ts `preloadApp`), so they download while
 * this runs; before, the worker was created only after React and the app had been parsed and run.
 */
const backend = openBackendEarly();

import('./app/boot-app.tsx')
  .then(({ bootApp }) => bootApp(backend))
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
