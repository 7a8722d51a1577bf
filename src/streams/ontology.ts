import type { Observable } from 'rxjs';
import type { AnswerOf } from '../api/catalogue.ts';
import type { KlinePeriod } from '../domain/spot/chart-period.ts';
import type { WalletAccount } from '../domain/wallet/accounts.ts';
import type { AccountHoldings, BalanceFigure } from './account-balance.ts';
import type { ConnectionNews, ConnectionState } from './connection-state.ts';
import type { Stamped } from './decode.ts';
import type { Loadable } from './loadable.ts';
import type { CompletedTrade, Depth, KlineBar } from './payloads.ts';
import type { EarningsIncome, EarningsProducts, DividendsPage, HoldingsPage } from './queries/earnings.ts';
import type { Area, SettingKey, SettingValue } from './queries/general.ts';
import type { NewsArticle, NewsCategory, NewsItem } from './queries/news.ts';
import type {
  OtcAdsFilter,
  OtcAdsPage,
  OtcMerchant,
  OtcMyAdsPage,
  OtcOrdersFilter,
  OtcOrdersPage,
} from './queries/p2p.ts';
import type { UserInfo } from './queries/personal.ts';
import type { TradePair } from './queries/trade-pairs.ts';
import type {
  DepositAddresses,
  Deposit,
  LogLine,
  RecordsPage,
  TransactionLine,
  WalletGroup,
  Withdrawal,
} from './queries/wallet.ts';
import type { QuotesState } from './quotes-store.ts';
import type { DealSnapshot } from './trade-feeds.ts';

/**
 * Every datum a screen reads, in one place (dYdX v4-web's ontology.ts is the model). Views and the
 * app read the backend only through this facade (services.queries); how a datum is loaded, which
 * pushes refresh it and what is shared lives behind it, in streams/queries/*.
 *
 * Two kinds of datum:
 * - a load, `Observable<Loadable<T>>`: loading, failed or ready, and it never drops what it had: a
 *   reload (a push, a reconnect, a page turned back) keeps the last data in `data`, and a failure
 *   carries its `error` (loadable.ts). A screen shows `data` whenever there is some.
 * - a live feed, `Observable<T>`: pushed values with no "loading" of their own (quotes, book,
 *   tape, bars, the clock, the connection); each starts again from a fresh snapshot after a
 *   reconnect, and says how old it is where that matters (`bookAsOf$`).
 * Actions are not here: machines run them, with the actors the app gives them.
 */
export interface Ontology {
  /** The socket as the header shows it. */
  connection: {
    /** Live, reconnecting (next try in N s) or offline. */
    state$: Observable<ConnectionState>;
    /** The changes a screen reader announces. */
    news$: Observable<ConnectionNews>;
    /** Try to reconnect now instead of at the next scheduled try. */
    retryNow(): void;
  };
  /** Whether the backend serves the demo tools (outbox, speed, deposits, time skips, replay). */
  demoTools: { served$: Observable<boolean> };
  /** Public settings and countries (loaded once per app). */
  general: {
    setting$(key: SettingKey): Observable<Loadable<SettingValue>>;
    areas$: Observable<Loadable<readonly Area[]>>;
  };
  /** News for the footer, the home page and the notice pages (loaded once per key). */
  news: {
    list$(categoryId: number): Observable<Loadable<readonly NewsItem[]>>;
    categories$: Observable<Loadable<readonly NewsCategory[]>>;
    article$(id: number): Observable<Loadable<NewsArticle>>;
  };
  /** Every pair's 24 h quote: the snapshot, then DAY_MARKET pushes, at most once per frame. */
  markets: {
    quotes$: Observable<QuotesState>;
    /** The table the app started from (opening, kept or none): what the first page renders first. */
    startingQuotes: QuotesState;
  };
  /** The spot screen. */
  trade: {
    pairs$: Observable<Loadable<TradePair[]>>;
    /** One pair's market, shared by the screen's panels; all of it restarts from a fresh snapshot after a reconnect. */
    market(pair: { id: number; symbol: string }): {
      deal$: Observable<DealSnapshot>;
      depth$: Observable<Stamped<Depth>>;
      tape$: Observable<Stamped<readonly CompletedTrade[]>>;
      /** When the book last changed, once that is a few seconds ago; else null. */
      bookAsOf$: Observable<number | null>;
    };
    /** The best bid and ask of a pair's book, at most once per frame, when one moved (market orders' price). */
    bestPrices$(matchId: number): Observable<{ bid: string | null; ask: string | null }>;
    /** A pair's last trade price, at most once per frame, when it moved (lever's side rules). */
    lastPrice$(matchId: number): Observable<string>;
    kline$(symbol: string, period: KlinePeriod): Observable<KlineBar>;
    klineHistory$(
      deal$: Observable<DealSnapshot>,
      query: { matchId: number; symbol: string; period: KlinePeriod },
    ): Observable<AnswerOf<'market/kline'>>;
  };
  /** The lever screen's pairs (its positions and accounts come to its machine as pushes). */
  lever: { pairs$: Observable<Loadable<TradePair[]>> };
  /** The micro screen's pairs (its contracts come to its machine as pushes). */
  micro: { pairs$: Observable<Loadable<TradePair[]>> };
  /** The signed-in user's wallet: every read follows the owner's BALANCE pushes and reconnects. */
  wallet: {
    /** Re-read every wallet load now: after a movement no BALANCE push reports (a pending deposit). */
    changed(): void;
    /** Every account with its balances and currency terms; one load shared by everything on screen. */
    accounts$(): Observable<Loadable<WalletGroup[]>>;
    /** One figure of one account's currency, each time it changes (what a form checks an amount against). */
    balance$(account: WalletAccount, currencyId: number, figure: BalanceFigure): Observable<string>;
    /** Every account's available balance of every currency, after each load. */
    holdings$(): Observable<AccountHoldings>;
    depositAddresses$(currencyId: number): Observable<Loadable<DepositAddresses>>;
    deposits$(currencyId: number | undefined, page?: number): Observable<Loadable<RecordsPage<Deposit>>>;
    withdrawals$(
      currencyId: number | undefined,
      page?: number,
    ): Observable<Loadable<RecordsPage<Withdrawal>>>;
    records$(
      account: WalletAccount,
      currencyId: number | undefined,
      page: number,
    ): Observable<Loadable<RecordsPage<LogLine>>>;
    /** The transaction log: every movement of the user's money, newest first (account_log/all). */
    transactions$(page: number): Observable<Loadable<RecordsPage<TransactionLine>>>;
  };
  /** Earnings products, holdings, dividends and income, following the financial account's pushes. */
  earnings: {
    products$(signedIn: boolean): Observable<Loadable<EarningsProducts>>;
    holdings$(status: 1 | 2, page?: number): Observable<Loadable<HoldingsPage>>;
    dividends$(page?: number): Observable<Loadable<DividendsPage>>;
    income$(): Observable<Loadable<EarningsIncome>>;
    /** The simulator's now from its clock pushes (0 until one comes; a real server sends none). */
    simNow$(): Observable<number>;
  };
  /** P2P: the hall (also refreshed on a slow timer), my orders, a merchant's orders and ads. */
  p2p: {
    ads$(filter: OtcAdsFilter, signedIn: boolean): Observable<Loadable<OtcAdsPage>>;
    orders$(filter: OtcOrdersFilter): Observable<Loadable<OtcOrdersPage>>;
    shopOrders$(filter: OtcOrdersFilter): Observable<Loadable<OtcOrdersPage>>;
    myAds$(page: number): Observable<Loadable<OtcMyAdsPage>>;
    shop$(): Observable<Loadable<OtcMerchant>>;
  };
  /** The signed-in user's profile and authorization code (loaded afresh by every reader). */
  personal: {
    userInfo$: Observable<Loadable<UserInfo>>;
    authorizationCode$: Observable<Loadable<AnswerOf<'user/authorization_code'>>>;
    /** The protections of issue 34: the anti-phishing code (masked). */
    securityOverview$: Observable<Loadable<AnswerOf<'security/overview'>>>;
    /** The user's signed-in sessions, with their devices. */
    sessions$: Observable<Loadable<AnswerOf<'security/sessions'>>>;
  };
}
