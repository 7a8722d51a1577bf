import type { CallName, CallSpec } from './catalogue.ts';

type Calls = Record<string, CallSpec>;

/**
 * The client's way into the contract: each feature area's schemas are their own chunk,
 * loaded the first time one of its calls is made, so a page downloads the zod schemas of the calls
 * it makes and not the whole catalogue. `catalogue.ts` still assembles every area in one table for
 * the simulator, docs/api.md and the tests; a test checks that this table finds each of its calls
 * here, in the very same spec object.
 *
 * Keyed by a path's first segment; a path whose area differs from its first segment's is listed
 * whole (the simulator's demo outbox sits under notify/ beside the general sms and e-mail calls).
 */
const general = (): Promise<Calls> => import('./catalogue/general.ts').then((m) => m.generalCalls);
const sim = (): Promise<Calls> =>
  import('./catalogue/sim.ts').then((m) => ({
    ...m.simOutboxCalls,
    ...m.simClockCalls,
    ...m.simBenchCalls,
    ...m.simWalletCalls,
  }));
const accounts = (): Promise<Calls> => import('./catalogue/accounts.ts').then((m) => m.accountCalls);
const spot = (): Promise<Calls> => import('./catalogue/spot.ts').then((m) => m.spotCalls);
const wallet = (): Promise<Calls> => import('./catalogue/wallet.ts').then((m) => m.walletCalls);

const AREAS: Readonly<Record<string, () => Promise<Calls>>> = {
  'notify/outbox': sim,
  default: general,
  notify: general,
  sim,
  user: accounts,
  user_real: accounts,
  safe: accounts,
  sms_mail: accounts,
  feedback: accounts,
  security: () => import('./catalogue/security.ts').then((m) => m.securityCalls),
  common: accounts,
  news: () => import('./catalogue/content.ts').then((m) => m.contentCalls),
  pay_method: () => import('./catalogue/pay-methods.ts').then((m) => m.payMethodCalls),
  market: () => import('./catalogue/market.ts').then((m) => m.marketCalls),
  tx_in: spot,
  tx_out: spot,
  tx_history: spot,
  account: wallet,
  account_log: wallet,
  wallet,
  block_chain: wallet,
  address: () => import('./catalogue/address-book.ts').then((m) => m.addressBookCalls),
  lever: () => import('./catalogue/lever.ts').then((m) => m.leverCalls),
  microtrade: () => import('./catalogue/micro.ts').then((m) => m.microCalls),
  ieo: () => import('./catalogue/earnings.ts').then((m) => m.earningsCalls),
  otc: () => import('./catalogue/otc.ts').then((m) => m.otcCalls),
  alert: () => import('./catalogue/alerts.ts').then((m) => m.alertCalls),
};

function areaOf(name: string): (() => Promise<Calls>) | undefined {
  const key = Object.hasOwn(AREAS, name) ? name : name.split('/')[0]!;
  return Object.hasOwn(AREAS, key) ? AREAS[key] : undefined;
}

/**
 * The spec of the call at `path`, loading its feature area's schemas on first use, or undefined
 * where the catalogue has no such call (own names only: a request's path is anybody's input).
 */
export async function findCallSpec(path: string): Promise<CallSpec | undefined> {
  const calls = await areaOf(path)?.();
  return calls && Object.hasOwn(calls, path) ? calls[path] : undefined;
}

/** The spec of one call, loading its feature area's schemas on first use. */
export async function loadCallSpec(name: CallName): Promise<CallSpec> {
  const spec = await findCallSpec(name);
  if (!spec) throw new Error(`${name}: no such call in the catalogue`);
  return spec;
}
