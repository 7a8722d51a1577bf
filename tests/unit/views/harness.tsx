import { render, type RenderResult } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { distinctUntilChanged, Observable, startWith, Subject } from 'rxjs';
import { createActor } from 'xstate';
import english from '../../../locales/en.json';
import type { ApiClient } from '../../../src/api/client.ts';
import type { AnswerOf, CallName } from '../../../src/api/catalogue.ts';
import { sessionMachine } from '../../../src/machines/session.machine.ts';
import { createQueries } from '../../../src/streams/queries/index.ts';
import type { Frame } from '../../../src/streams/frame.ts';
import type { SocketConnection } from '../../../src/streams/socket.ts';
import type { QuoteGroupAnswer } from '../../../src/streams/quotes-store.ts';
import type { Services } from '../../../src/app/app-services.ts';
import { wireMachines } from '../../../src/app/machines/index.ts';
import { ServicesContext } from '../../../src/views/services-context.ts';
import { ToastStore } from '../../../src/views/toast/toast-store.ts';

/** A real i18next with the English catalogue, so tests read the screen as a user would. */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { translation: english } },
  interpolation: { escapeValue: false },
});

export function match(
  id: number,
  base: string,
  quote: string,
  q: { close: string; change: string; high?: string; low?: string; volume?: string },
): QuoteGroupAnswer['matches'][number] {
  return {
    id,
    symbol: `${base}/${quote}`,
    base_currency_id: id * 10,
    quote_currency_id: 1,
    base_currency_code: base,
    quote_currency_code: quote,
    base_currency: { logo: '' },
    added: 0,
    open_change: 1,
    open_lever: 1,
    open_microtrade: 1,
    lever_point_rate: '0',
    lever_share_num: '1',
    lever_fee_rate: '0',
    price_decimals: 2,
    currency_quotation: {
      currency_match_id: id,
      close: q.close,
      change: q.change,
      high: q.high ?? q.close,
      low: q.low ?? q.close,
      volume: q.volume ?? '100',
    },
  };
}

export const GROUPS: QuoteGroupAnswer[] = [
  {
    id: 1,
    code: 'USDT',
    is_quote: 1,
    cny_price: '7.1',
    usd_price: '1',
    matches: [
      match(1, 'BTC', 'USDT', { close: '60000', change: '1.5', high: '61000', low: '59000', volume: '1200' }),
      match(2, 'ETH', 'USDT', { close: '3000', change: '-2', high: '3100', low: '2900', volume: '50000' }),
      match(3, 'DOT', 'USDT', { close: '7.25', change: '4', high: '7.5', low: '6.9', volume: '900000' }),
      match(4, 'SOL', 'USDT', { close: '150', change: '9', high: '155', low: '140', volume: '30' }),
      match(5, 'TRX', 'USDT', { close: '0.12', change: '0', high: '0.13', low: '0.11', volume: '5000000' }),
    ],
  },
  {
    id: 2,
    code: 'BTC',
    is_quote: 1,
    cny_price: '0',
    usd_price: '60000',
    matches: [match(6, 'ETH', 'BTC', { close: '0.05', change: '0.5' })],
  },
];

export interface Harness {
  services: Services;
  /** The fake API under the services' actors and queries (a test may wrap its `call`). */
  api: ApiClient;
  dayMarket: Subject<Frame>;
  calls: string[];
}

export function createHarness(
  answers: Partial<{ [N in CallName]: () => Promise<AnswerOf<N>> }> = {},
): Harness {
  const dayMarket = new Subject<Frame>();
  const calls: string[] = [];
  const defaults: Partial<{ [N in CallName]: () => Promise<AnswerOf<N>> }> = {
    'market/currency_matches': () => Promise.resolve(GROUPS),
    'news/list': () => Promise.resolve({ data: [] }),
    'news/categories': () => Promise.resolve([]),
    ...answers,
  };
  const api: ApiClient = {
    call(name) {
      calls.push(name);
      const answer = defaults[name];
      if (!answer) return Promise.reject(new Error(`no answer for ${name}`));
      return (answer as () => Promise<AnswerOf<typeof name>>)();
    },
  };
  const socket: Pick<SocketConnection, 'channel'> = {
    channel: (name) => (name === 'DAY_MARKET' ? dayMarket.asObservable() : new Subject<Frame>()),
  };
  const session = createActor(sessionMachine, { input: { token: null } });
  session.start();
  // The real machines and queries over the fake API and socket, wired as the composition root wires them.
  const queries = createQueries(api, socket);
  // Whether the session is signed in, as the composition root derives it from the session's token.
  const signedIn$ = new Observable<boolean>((subscriber) =>
    session.subscribe((snapshot) => subscriber.next(snapshot.context.token !== null)),
  ).pipe(startWith(session.getSnapshot().context.token !== null), distinctUntilChanged());
  const services = {
    backend: 'sim',
    session,
    toasts: new ToastStore(),
    machines: wireMachines(api, socket, queries, signedIn$),
    queries,
  } as unknown as Services;
  return { services, api, dayMarket, calls };
}

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Renders `element` at `path` inside the app's providers; other paths show where we went. */
export function renderAt(harness: Harness, path: string, element: ReactNode): RenderResult {
  const pathname = path.split('?')[0] ?? path;
  const router = createMemoryRouter(
    [
      { path: pathname, element },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  return render(
    <I18nextProvider i18n={i18n}>
      <ServicesContext.Provider value={harness.services}>
        <RouterProvider router={router} />
      </ServicesContext.Provider>
    </I18nextProvider>,
  );
}
