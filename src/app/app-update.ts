import { BehaviorSubject } from 'rxjs';
import { registerSW } from 'virtual:pwa-register';
import type { AppUpdate } from './app-services.ts';

/** How often an open tab asks whether a new version was deployed (a trading tab stays open for days). */
const CHECK_EVERY_MS = 60 * 60 * 1000;
/**
 * How long after the page's load the worker registers. Its first install downloads the whole build
 * (about 4.3 MB in 334 files): started at the load event, it would compete on a 2-core machine with
 * the exchange's boot and the first live quote, which often come after the load.
 */
const REGISTER_AFTER_LOAD_MS = 2_000;

/** Runs `start` once the page has loaded, settled for a while, and the main thread is idle. */
function whenSettled(start: () => void): void {
  const idle = (run: () => void) =>
    'requestIdleCallback' in window
      ? window.requestIdleCallback(run, { timeout: 5_000 })
      : setTimeout(run, 0);
  const afterLoad = () => setTimeout(() => idle(start), REGISTER_AFTER_LOAD_MS);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}

/**
 * Registers the service worker (vite.config.ts `VitePWA`, issue 27 item 5) after the first page
 * has settled (whenSettled). The worker precaches the shell and every chunk, so a repeat visit
 * paints from the cache and the simulator's app runs offline; a new version downloads beside the
 * running one and waits ("prompt" mode), and the page announces it (views/shell/UpdateNotice.tsx).
 * It takes over only when the person presses reload.
 */
export function registerAppUpdate(): AppUpdate {
  const ready$ = new BehaviorSubject(false);
  let registration: ServiceWorkerRegistration | undefined;
  let updateWorker: ((reloadPage?: boolean) => Promise<void>) | undefined;
  let asked = false;
  whenSettled(() => {
    updateWorker = registerSW({
      immediate: true,
      onNeedRefresh: () => ready$.next(true),
      // The new version took control of every open tab. Only the tab whose Reload was pressed
      // reloads: the others keep running the version they loaded (the plugin's default would reload
      // them all, a trade in the middle of being typed with them), and reload into the new one when asked.
      onNeedReload: () => {
        if (asked) window.location.reload();
      },
      onRegisteredSW: (_url, registered) => {
        registration = registered;
        if (!registered) return;
        // Offline, the check fails; the next one tries again.
        setInterval(() => registered.update().catch(() => undefined), CHECK_EVERY_MS);
      },
    });
  });
  return {
    ready$: ready$.asObservable(),
    reload: () => {
      asked = true;
      // Another tab may have let the new version take over already: then there is nothing to wait for.
      if (registration?.waiting && updateWorker) void updateWorker(true);
      else window.location.reload();
    },
  };
}
