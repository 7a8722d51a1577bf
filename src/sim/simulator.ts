import { callByPath } from '../api/catalogue.ts';
import type { Clock } from './clock.ts';
import type { Accounts } from './features/accounts/accounts.ts';
import type { SecretBox } from './features/accounts/secret-box.ts';
import { openAccounts } from './features/accounts/open-accounts.ts';
import { openAddressBook, type AddressBook } from './features/address-book/address-book.ts';
import { registerAddressBookRoutes } from './features/address-book/routes.ts';
import { PriceAlerts } from './features/alerts/price-alerts.ts';
import { registerPriceAlertRoutes } from './features/alerts/routes.ts';
import { registerAccountRoutes } from './features/accounts/routes.ts';
import { registerContentRoutes } from './features/content-routes.ts';
import { type BenchStorm, registerBenchRoutes } from './features/spot/bench-storm.ts';
import { openSpotFeature } from './features/spot/open-spot.ts';
import type { Spot } from './features/spot/spot.ts';
import type { Earnings } from './features/earnings/earnings.ts';
import type { Lever } from './features/lever/lever.ts';
import type { Micro } from './features/micro/micro.ts';
import type { P2p } from './features/p2p/p2p.ts';
import type { Wallet } from './features/wallet/wallet.ts';
import type { MarketFeature } from './market/market-feature.ts';
import type { AssetUrl } from './market/market-answers.ts';
import { openMarketStage, type MarketStage } from './market-stage.ts';
import type { MessageTable, SimServer } from './server.ts';
import type { SocketHub } from './socket-hub.ts';
import type { CodeCourier } from './features/accounts/outbox.ts';
import type { ImageStore } from './features/accounts/uploads.ts';
import type { EventLog } from './store/event-log.ts';
import { EventStore } from './store/event-store.ts';

export interface SimulatorOptions {
  clock: Clock;
  messages: (lang: string) => Promise<MessageTable>;
  /**
   * The durable event log. Omitted: the IndexedDB database "tessera-sim" where there is IndexedDB,
   * else none (Node tests), and features keep their state in memory. null: in memory.
   */
  store?: EventLog | null;
  /** The market's seed (same seed, same start, same commands: the same market); default fixed. */
  seed?: number;
  /** Server mode (src/sim/node): where uploaded images go and the URLs they are served at. */
  images?: ImageStore;
  mintUrl?: (blob: Blob, id: string) => string;
  /** Server mode: where verification codes go out instead of the demo outbox. */
  courier?: CodeCourier;
  /** Server mode: seals the TOTP seeds with the server's key; default the browser's (open-accounts.ts). */
  secrets?: SecretBox;
  /** The wall clock TOTP codes are checked on (default Date.now). */
  wallClock?: () => number;
  /** Server mode: the absolute URL of a file the server serves itself (a coin logo, by its path). */
  assetUrl?: AssetUrl;
}

export interface Simulator {
  server: SimServer;
  hub: SocketHub;
  accounts: Accounts;
  /**
   * The address-binding service's book. Withdrawals ask `addressBook.isBound(userId, coin, chain,
   * address)` whether the user bound that address (chain: TRC20, ERC20 or BTC).
   */
  addressBook: AddressBook;
  /** The live markets; the worker calls `market.start()` to run them in real time. */
  market: MarketFeature;
  /** Spot trading: users' orders in the market's books. */
  spot: Spot;
  /** The five-account wallet: deposits, withdrawals, transfers, conversions (one log with spot). */
  wallet: Wallet;
  /** Earnings products: holdings, daily dividends and maturities on the simulated clock (one log with spot). */
  earnings: Earnings;
  /** Micro contracts: bought at the public tape's last trade, settled on it at expiry (one log with spot). */
  micro: Micro;
  lever: Lever;
  /** P2P ads and orders with escrow in the legal accounts, simulated merchants and the arbiter (one log with spot). */
  p2p: P2p;
  /** Price alerts, fired by the public tape's trades (their own stream of the log). */
  alerts: PriceAlerts;
  /** The load generator of the spot screen's benchmark (sim/bench). */
  storm: BenchStorm;
}

/** Assembles the simulator's features behind one server. Runs in the worker and in Node tests. */
export async function createSimulator(options: SimulatorOptions): Promise<Simulator> {
  const store =
    options.store !== undefined
      ? options.store
      : typeof indexedDB === 'undefined'
        ? null
        : new EventStore({ name: 'tessera-sim' });
  const stage = await openMarketStage({
    clock: options.clock,
    calls: callByPath,
    messages: options.messages,
    store,
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    ...(options.assetUrl ? { assetUrl: options.assetUrl } : {}),
  });
  return openExchange(stage, options);
}

/**
 * The second stage: the users' features (accounts, address book, content, spot and every feature
 * on its log) join the market stage's routes, hub and server. Users' resting orders go back into
 * the books here, so the market must not have moved since it opened (the worker holds it).
 */
export async function openExchange(
  stage: MarketStage,
  options: Omit<SimulatorOptions, 'store' | 'seed'>,
): Promise<Simulator> {
  const { routes, hub, store, market, storm, tape } = stage;
  const accounts = await openAccounts({
    store,
    clock: options.clock,
    ...(options.images ? { images: options.images } : {}),
    ...(options.mintUrl ? { mintUrl: options.mintUrl } : {}),
    ...(options.secrets ? { secrets: options.secrets } : {}),
    ...(options.wallClock ? { wallClock: options.wallClock } : {}),
  });
  if (options.courier) accounts.courier = options.courier;
  stage.resolveTokensWith((token) => accounts.userIdOf(token, options.clock.now()));
  // A session that ends stops its sockets' private pushes at once (they get `session_ended`).
  accounts.onSessionsEnded(() => hub.endStaleSessions());
  registerContentRoutes(routes);
  registerAccountRoutes(routes, accounts);
  const addressBook = await openAddressBook({ store, clock: options.clock });
  registerAddressBookRoutes(routes, accounts, addressBook);
  registerBenchRoutes(routes, storm);
  // Spot: users' orders match in the market's books; the market reports their fills to the ledger.
  const { spot, wallet, earnings, micro, lever, p2p } = await openSpotFeature({
    routes,
    hub,
    accounts,
    market: market.market,
    clock: options.clock,
    store,
    messages: options.messages,
    attach: (opened) => stage.attachSpot(opened),
    isAddressBound: (userId, coin, chain, address) => addressBook.boundAt(userId, coin, chain, address),
    tape,
  });
  const alerts = await PriceAlerts.open({ store, clock: options.clock, tape, hub });
  registerPriceAlertRoutes(routes, accounts, alerts);
  return {
    server: stage.server,
    hub,
    accounts,
    addressBook,
    market,
    spot,
    wallet,
    earnings,
    micro,
    lever,
    p2p,
    alerts,
    storm,
  };
}
