import type { Observable } from 'rxjs';
import type { Actor } from 'xstate';
import type { Transport } from '../api/transport.ts';
import type { InspectionBus } from '../machines/devtools/inspection.ts';
import type { sessionMachine } from '../machines/session.machine.ts';
import type { AppQueries } from '../streams/queries/index.ts';
import type { ToastStore } from '../views/toast/toast-store.ts';
import type { AppMachines } from './machines/index.ts';

/**
 * A new version of the app, which the service worker has downloaded beside the running one
 * (app-update.ts). It takes over only when the person asks: a reload is never forced on them, in the
 * middle of a trade or anywhere else.
 */
export interface AppUpdate {
  /** True once a new version is downloaded and waiting. */
  ready$: Observable<boolean>;
  /** Lets the waiting version take over, and reloads the page into it. */
  reload(): void;
}

/**
 * The long-lived objects of one app instance, built by the composition root (services.ts) and
 * handed to views through context. Views reach the backend only through `machines` (every machine
 * already given its actors here, in src/app) and `queries` (streams of Loadable answers); they
 * never call the API, and never give a machine its actors themselves.
 */
export interface Services {
  /** Which backend answers: the built-in simulator or a real server. */
  backend: Transport['name'];
  session: Actor<typeof sessionMachine>;
  toasts: ToastStore;
  /** Every machine a view runs, per feature, wired to the app's actors (machines/index.ts). */
  machines: AppMachines;
  /** Every feature's read-only loads and derived streams. */
  queries: AppQueries;
  /** The developer inspector's bus: every root actor a view runs is created with its `inspect`. */
  inspection?: InspectionBus;
  /** The service worker's new version, in the production build only (none in dev and unit tests). */
  appUpdate?: AppUpdate;
}
