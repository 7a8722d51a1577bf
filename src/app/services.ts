import type { TFunction } from 'i18next';
import { Observable, distinctUntilChanged, map } from 'rxjs';
import { createActor, fromPromise } from 'xstate';
import { createApiClient, type ApiClient, type ApiNotice } from '../api/client.ts';
import type { Transport } from '../api/transport.ts';
import { readPref, writePref } from '../machines/local-prefs.ts';
import { sessionMachine } from '../machines/session.machine.ts';
import { simClock$ } from '../streams/balance-pushes.ts';
import type { ChannelSource } from '../streams/market.ts';
import { createSocketConnection } from '../streams/socket.ts';
import { loadFrameSchemas } from '../streams/lazy-payloads.ts';
import { InspectionBus } from '../machines/devtools/inspection.ts';
import { PushedClock } from '../machines/devtools/pushed-clock.ts';
import { createQueries } from '../streams/queries/index.ts';
import type { KeptQuotes } from '../streams/kept-quotes.ts';
import type { QuotesState } from '../streams/quotes-store.ts';
import type { OpeningAnswers } from '../streams/opening-answers.ts';
import { ToastStore } from '../views/toast/toast-store.ts';
import type { Services } from './app-services.ts';
import { deferWiredMachines } from './machines/deferred.ts';

/**
 * The composition root (DESIGN.md "src/app"): the one place that builds the client, the session,
 * the socket and every feature's actors and queries over the chosen transport
 * (transport-choice.ts), and hands them to the views.
 */
export function createServices(options: {
  transport: Transport;
  t: TFunction;
  langCode: string;
  navigate: (to: string) => void;
  currentPath: () => string;
  /** The prerendered page's quotes, when the app hydrates that page (first-paint.ts). */
  openingQuotes?: KeptQuotes | null;
  /** The prerendered page's news answers, when the app takes over that page (first-paint.ts). */
  openingAnswers?: OpeningAnswers | null;
  /** The live quotes a held page shows already (held-quotes.ts), for the app to start from. */
  liveQuotes?: QuotesState | null;
}): Services {
  const toasts = new ToastStore();
  // The developer inspector's one bus: every root actor gets its `inspect`. It stamps
  // events on the exchange's clock: the simulator's SIM_CLOCK, or the wall clock of a real server.
  const simulatedTime = new PushedClock();
  const inspection = new InspectionBus(
    () => (options.transport.name === 'sim' ? simulatedTime.at(Date.now()) : Date.now()),
    undefined,
    () => Date.now(),
  );
  // The client needs the session to report 999 and the session needs the client to log out.
  let api: ApiClient | null = null;

  const session = createActor(
    sessionMachine.provide({
      actions: {
        persistToken: (_, params) => writePref('token', params.token),
        notifyTimeout: () => toasts.show('error', options.t('session.loginTimeout')),
        goToLogin: (_, params) => options.navigate(`/login?redirect=${encodeURIComponent(params.returnTo)}`),
      },
      actors: {
        logout: fromPromise(async () => {
          await api?.call('user/logout', {}, { quiet: true });
        }),
      },
    }),
    { input: { token: readPref('token') }, inspect: inspection.inspect },
  );

  function notify(notice: ApiNotice): void {
    switch (notice.kind) {
      case 'error':
        toasts.show('error', notice.msg);
        break;
      case 'success':
        toasts.show('success', notice.msg);
        break;
      case 'server-error':
        toasts.show('error', options.t('errors.serverError'));
        break;
      case 'malformed':
        console.error(`malformed answer from ${notice.path}: ${notice.detail}`);
        toasts.show('error', options.t('errors.malformed'));
        break;
      case 'expired':
        session.send({ type: 'EXPIRED', returnTo: options.currentPath() });
        break;
    }
  }

  api = createApiClient({
    transport: options.transport,
    getToken: () => session.getSnapshot().context.token,
    getLang: () => options.langCode,
    notify,
  });
  session.start();
  const token$ = new Observable<string | null>((subscriber) => {
    const subscription = session.subscribe((snapshot) => subscriber.next(snapshot.context.token));
    subscriber.next(session.getSnapshot().context.token);
    return () => subscription.unsubscribe();
  }).pipe(distinctUntilChanged());
  const socket = createSocketConnection({ transport: options.transport, token$ });
  // The browser says the network is back: try now rather than wait out the 30 s reconnect interval.
  globalThis.addEventListener?.('online', () => socket.retryNow());
  // The socket frames' schemas (zod, a chunk of their own, off the first paint) load now, beside the shell's
  // render and before the first frames come; a failed load is tried again by the first stream.
  loadFrameSchemas().catch(() => undefined);
  if (options.transport.name === 'sim') followSimulatedTime(inspection, socket, simulatedTime);
  // The server ended this session (logout in another tab, a password change, expiry): to login.
  socket.sessionEnded$.subscribe((token) =>
    session.send({ type: 'SESSION_ENDED', token, returnTo: options.currentPath() }),
  );
  const queries = createQueries(api, socket, {
    keptQuotes: {
      source: options.transport.name === 'sim' ? 'sim' : options.transport.socketUrl,
      read: () => readPref('lastQuotes'),
      write: (text) => writePref('lastQuotes', text),
    },
    openingQuotes: options.openingQuotes ?? null,
    openingAnswers: options.openingAnswers ?? null,
    liveQuotes: options.liveQuotes ?? null,
  });
  return {
    backend: options.transport.name,
    session,
    toasts,
    machines: deferWiredMachines(
      api,
      socket,
      queries,
      token$.pipe(
        map((token) => token !== null),
        distinctUntilChanged(),
      ),
    ),
    queries,
    inspection,
  };
}

/**
 * The inspector's clock follows the simulator's SIM_CLOCK pushes. The header's speed control keeps
 * that channel open anyway, so following it costs one listener, and the clock is known the moment
 * the inspector opens; events stamped before the first push get their time when it comes.
 */
function followSimulatedTime(inspection: InspectionBus, socket: ChannelSource, clock: PushedClock): void {
  simClock$(socket).subscribe((frame) => {
    clock.follow(frame.now, frame.speed, Date.now());
    inspection.resolvePending((wall) => clock.at(wall));
  });
}
