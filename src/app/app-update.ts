import { BehaviorSubject } from 'rxjs';
import { registerSW } from 'virtual:pwa-register';
import type { AppUpdate } from './app-services.ts';

/** How often an open tab asks whether a new version was deployed (a trading tab stays open for days). */
const CHECK_EVERY_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (vite.config.ts `VitePWA`, issue 27 item 5) once the page has loaded,
 * so its precache downloads after the first page, not beside it. The worker precaches the shell and
 * every chunk, so a repeat visit paints from the cache and the simulator's app runs offline; a new
 * version downloads beside the running one and waits ("prompt" mode), and the page announces it
 * (views/shell/UpdateNotice.tsx). It takes over only when the person presses reload.
 */
export function registerAppUpdate(): AppUpdate {
  const ready$ = new BehaviorSubject(false);
  let registration: ServiceWorkerRegistration | undefined;
  let asked = false;
  const updateWorker = registerSW({
    onNeedRefresh: () => ready$.next(true),
    // The new version took control of every open tab. Only the tab whose Reload was pressed reloads:
    // the others keep running the version they loaded (the plugin's default would reload them all,
    // a trade in the middle of being typed with them), and reload into the new one when asked.
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
  return {
    ready$: ready$.asObservable(),
    reload: () => {
      asked = true;
      // Another tab may have let the new version take over already: then there is nothing to wait for.
      if (registration?.waiting) void updateWorker(true);
      else window.location.reload();
    },
  };
}
