import type { Clock } from './clock.ts';
import { BenchStorm } from './features/spot/bench-storm.ts';
import type { Spot } from './features/spot/spot.ts';
import { TapeRecorder } from './features/micro/tape-recorder.ts';
import { openMarketFeature, type MarketFeature } from './market/market-feature.ts';
import type { AssetUrl } from './market/market-answers.ts';
import { MemoryRequestLog, storeRequestLog } from './request-log.ts';
import { Routes } from './routes.ts';
import { createSimServer, type CallLookup, type MessageTable, type SimServer } from './server.ts';
import { SocketHub } from './socket-hub.ts';
import type { EventLog } from './store/event-log.ts';

export interface MarketStageOptions {
  clock: Clock;
  /** How the server finds a request's call (server.ts CallLookup). */
  calls: CallLookup;
  messages: (lang: string) => Promise<MessageTable>;
  /** The durable event log (its settings keep the speed and the market source); null: in memory. */
  store: EventLog | null;
  /**
   * Where the market's settings are read and written, when not straight in the store (the first
   * stage's snapshot of them: first-stage.ts); default the store.
   */
  settings?: Pick<EventLog, 'getSetting' | 'setSetting'> | null;
  /** The store is new and empty (a fresh profile): its settings are not read (market-feature.ts). */
  freshStore?: boolean;
  /** The market's seed; default fixed. */
  seed?: number;
  /** Server mode: where the pairs' logos are reached (market-answers.ts AssetUrl). */
  assetUrl?: AssetUrl;
}

/**
 * The simulator's first stage: the live market, its routes and publishers, the socket
 * hub and the server that answers the contract. Everything a visitor's first quote needs, and none
 * of the users' features: those join the same routes, hub and server in the second stage
 * (simulator.ts `openExchange`), which the worker loads only after this one answers.
 */
export interface MarketStage {
  routes: Routes;
  hub: SocketHub;
  store: EventLog | null;
  market: MarketFeature;
  storm: BenchStorm;
  tape: TapeRecorder;
  server: SimServer;
  /** The service that settles users' fills, once the second stage has opened it. */
  attachSpot(spot: Spot): void;
  /** Who a socket's `login` token belongs to, once the accounts are open (until then: nobody). */
  resolveTokensWith(resolve: (token: string) => number | null): void;
}

export async function openMarketStage(options: MarketStageOptions): Promise<MarketStage> {
  const { store, clock } = options;
  const routes = new Routes();
  let tokenOwner: (token: string) => number | null = () => null;
  // A socket's `login` frame makes it the token owner's, for private pushes (expired tokens: nobody's).
  const hub = new SocketHub((token) => tokenOwner(token));
  // The bench storm stamps market frames while bench/ui.ts measures the trade screen.
  const storm = new BenchStorm();
  // The market exists before the ledger that settles its users' fills: the relay joins them.
  let spot: Spot | undefined;
  const tape = new TapeRecorder();
  const market = await openMarketFeature({
    routes,
    hub: storm.stampingHub(hub),
    clock,
    settings: options.settings ?? store,
    ...(options.freshStore ? { settingsEmpty: true } : {}),
    ...(options.assetUrl ? { assetUrl: options.assetUrl } : {}),
    // Before the ledger is attached no user order is in a book, so there is nothing to settle.
    market: {
      ...(options.seed === undefined ? {} : { seed: options.seed }),
      onUserFills: (pair) => (spot ? spot.onUserFills(pair) : pair.keep()),
      // Micro contracts open and settle on recorded trades of the public tape.
      onTrade: (pair, trade) => tape.record(pair.id, trade),
    },
  });
  storm.attach(market.market, market.publisher);
  tape.seed(market.market);
  const server = createSimServer({
    routes,
    calls: options.calls,
    hub,
    clock,
    messages: options.messages,
    // Exactly once: answers of requests with an id, kept in the log's store (DESIGN.md).
    requests: store ? storeRequestLog(store) : new MemoryRequestLog(),
  });
  return {
    routes,
    hub,
    store,
    market,
    storm,
    tape,
    server,
    attachSpot: (opened) => (spot = opened),
    resolveTokensWith: (resolve) => (tokenOwner = resolve),
  };
}
