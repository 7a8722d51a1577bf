import type { Clock } from '../../clock.ts';
import { currencyByCode } from '../../market/currencies.ts';
import type { Market } from '../../market/market.ts';
import { pairById } from '../../market/pairs.ts';
import type { Routes } from '../../routes.ts';
import type { MessageTable } from '../../server.ts';
import { EventSourced } from '../../store/event-sourced.ts';
import type { EventLog } from '../../store/event-log.ts';
import type { Accounts } from '../accounts/accounts.ts';
import { MemoryCommandLog, type CommandLog } from '../accounts/command-log.ts';
import { Earnings } from '../earnings/earnings.ts';
import { registerEarningsRoutes } from '../earnings/routes.ts';
import { initialEarningsState } from '../earnings/state.ts';
import { Lever } from '../lever/lever.ts';
import { leverPart } from '../lever/part.ts';
import { registerLeverRoutes } from '../lever/routes.ts';
import { initialLeverState } from '../lever/state.ts';
import { Micro } from '../micro/micro.ts';
import { microPart } from '../micro/part.ts';
import { microOrderAnswer, registerMicroRoutes } from '../micro/routes.ts';
import { initialMicroState } from '../micro/state.ts';
import type { TapeRecorder } from '../micro/tape-recorder.ts';
import { P2p } from '../p2p/p2p.ts';
import { p2pPart } from '../p2p/part.ts';
import { registerP2pRoutes } from '../p2p/routes.ts';
import { initialP2pState } from '../p2p/state.ts';
import { registerWalletRoutes, type AddressBoundCheck } from '../wallet/routes.ts';
import { Wallet } from '../wallet/wallet.ts';
import { spotAggregate } from './aggregate.ts';
import type { SpotCommand } from './commands.ts';
import { isSpotEvent, type SpotEvent } from './events.ts';
import type { SpotState } from './state.ts';
import type { Translate } from './answers.ts';
import { registerSpotRoutes } from './routes.ts';
import { Spot, type PrivateHub } from './spot.ts';
import { earningsPart } from '../earnings/part.ts';
import { exchangeAggregate } from '../../exchange/exchange.ts';
import { walletPart } from '../wallet/part.ts';

export interface SpotFeatureOptions {
  routes: Routes;
  hub: PrivateHub;
  accounts: Accounts;
  market: Market;
  clock: Clock;
  /** The durable log; null runs in memory (Node without IndexedDB). */
  store: EventLog | null;
  /** Server messages; pushes not caused by a call (fills by the market) use English. */
  messages: (lang: string) => Promise<MessageTable>;
  /**
   * Called with the service before any order goes back into a book, so the market's fill reports
   * (which may start with the restored orders themselves) reach it from the first one.
   */
  attach: (spot: Spot) => void;
  /** The address book's answer to "did this user bind this address?", for withdrawals. */
  isAddressBound: AddressBoundCheck;
  /** The public tape's trades (fed by the market's onTrade): micro contracts open and settle on them. */
  tape: TapeRecorder;
}

/** The exchange's two services over its one log. */
export interface ExchangeFeatures {
  spot: Spot;
  wallet: Wallet;
  earnings: Earnings;
  micro: Micro;
  lever: Lever;
  p2p: P2p;
}

const STREAM = 'spot';

/**
 * Opens the spot feature: the ledger from its log, every open order back in its book, the demo
 * grants credited to the trade account (now and whenever the accounts feature grants one), and
 * the spot routes. The market must report agents' actions that fill users' orders to `spot.onUserFills`
 * (see `attach`).
 */
export async function openSpotFeature(options: SpotFeatureOptions): Promise<ExchangeFeatures> {
  // One log for orders and every wallet movement (DESIGN.md "One ledger"); its stream keeps the name
  // it had when it held spot alone, so logs written before replay into it.
  const aggregate = exchangeAggregate(
    spotAggregate((pairId) => pairById(pairId)),
    [walletPart, earningsPart, microPart, leverPart, p2pPart],
    () => ({
      earnings: initialEarningsState(),
      micro: initialMicroState(),
      lever: initialLeverState(),
      p2p: initialP2pState(),
    }),
  );
  const log = options.store
    ? await EventSourced.open(options.store, aggregate, { stream: STREAM, clock: options.clock })
    : new MemoryCommandLog(aggregate);
  const english = await options.messages('en');
  // Spot sends only spot commands and reads only the spot part of the state: its view of the log.
  const spotLog: CommandLog<SpotState, SpotCommand, SpotEvent> = {
    state: () => log.state(),
    async execute(command, request) {
      const result = await log.execute(command, request);
      return result.ok ? { ...result, events: result.events.filter(isSpotEvent) } : result;
    },
  };
  const spot = new Spot(
    spotLog,
    options.market,
    options.hub,
    options.clock,
    translator(english),
    options.tape,
  );
  const wallet = new Wallet(log, options.market, options.hub, options.clock);
  const earnings = new Earnings(log, options.hub, options.clock);
  const micro = new Micro(log, options.market, options.tape, options.hub, options.clock, (contract, now) =>
    microOrderAnswer(options.market, contract, now),
  );
  const lever = new Lever(log, options.market, options.tape, options.hub);
  const p2p = new P2p(log, options.market, options.accounts, options.hub, options.clock);
  // Orders and fills move trade balances: BALANCE subscribers hear of them too.
  spot.subscribe((events) => wallet.pushAfterSpot(events));
  options.attach(spot);
  await spot.restoreBooks();

  let crediting = Promise.resolve();
  const creditGrants = () => {
    crediting = crediting.then(async () => {
      const grants = options.accounts.grants();
      for (let index = spot.state().grantsCredited; index < grants.length; index++) {
        const grant = grants[index]!;
        const result = await log.execute({
          kind: 'credit',
          at: grant.at,
          grant: index,
          userId: grant.userId,
          lines: grant.lines.map((line) => ({
            currencyId: currencyByCode(line.currency).id,
            units: line.units,
          })),
        });
        if (!result.ok) {
          console.error('sim spot: demo grant not credited', result.error);
          return;
        }
      }
    });
    return crediting;
  };
  await creditGrants();
  // The P2P market's merchants, ads and funds, once.
  await p2p.seed();
  options.accounts.subscribe((events) => {
    if (events.some((event) => event.type === 'DemoFundsGranted')) void creditGrants();
  });

  registerSpotRoutes(options.routes, options.accounts, spot);
  registerWalletRoutes(options.routes, options.accounts, wallet, options.market, options.isAddressBound);
  registerEarningsRoutes(options.routes, options.accounts, earnings);
  registerMicroRoutes(options.routes, options.accounts, micro, options.market);
  registerLeverRoutes(options.routes, options.accounts, lever, options.market);
  registerP2pRoutes(options.routes, options.accounts, p2p);
  return { spot, wallet, earnings, micro, lever, p2p };
}

function translator(table: MessageTable): Translate {
  return (key, vars = {}) =>
    (table[key] ?? key).replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
      name in vars ? String(vars[name]) : whole,
    );
}
