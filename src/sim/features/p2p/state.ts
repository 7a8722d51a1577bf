import type { P2pCoin, P2pFiat } from '../../../domain/p2p/amounts.ts';
import type { DisputeReason } from '../../../domain/p2p/actions.ts';
import type { P2pOrderState } from '../../../domain/p2p/order-state.ts';

/** Collection details of a simulated merchant (real users' live in their collection settings). */
export interface SimPayDetails {
  real_name: string;
  account: string;
  bank_name: string;
  card_no: string;
  bank_address: string;
}

/**
 * A merchant of the demo's P2P market: a simulated counterparty (its ledger account is a user id
 * below the real users' range, funded from the grants book) with a seeded history, so its store card
 * reads like a real one. Real users are merchants through their ads; they have no record here.
 */
export interface SimMerchant {
  id: number;
  name: string;
  registeredAt: number;
  /** Orders and completions before the simulation started (the store card adds live ones). */
  pastOrders: number;
  pastCompleted: number;
  /** Mean release time of its past orders, ms. */
  pastReleaseMs: number;
  payDetails: Record<string, SimPayDetails>;
}

export type AdSide = 'sell' | 'buy';
export type AdStatus = 'open' | 'paused' | 'off';

export interface AdTermsRecord {
  /** A fixed ad's price; a floating ad's price when its terms were last set (answers use its price now). */
  priceCents: bigint;
  /**
   * A floating ad's margin over the market in basis points (domain/p2p/floating-price.ts); null or
   * absent (ads logged before floating prices existed) for a fixed price.
   */
  marginBps?: number | null;
  minCents: bigint;
  maxCents: bigint;
  payMethods: string[];
  payLimitMinutes: number;
  remarks: string;
}

/** Whether an ad's price floats with the market (older logs have no margin: fixed). */
export function isFloating<T extends AdTermsRecord>(ad: T): ad is T & { marginBps: number } {
  return ad.marginBps !== undefined && ad.marginBps !== null;
}

export interface P2pAd extends AdTermsRecord {
  id: number;
  ownerId: number;
  /** The publisher's side: sell (takers buy) or buy (takers sell). */
  side: AdSide;
  coin: P2pCoin;
  currencyId: number;
  fiat: P2pFiat;
  totalUnits: bigint;
  /** Not taken by orders (open or completed). */
  leftUnits: bigint;
  status: AdStatus;
  createdAt: number;
  updatedAt: number;
}

export type OrderActor = 'buyer' | 'seller' | 'clock' | 'arbiter';

export interface OrderLogLine {
  at: number;
  kind: string;
  by: OrderActor;
}

export interface P2pOrder {
  id: number;
  adId: number;
  /** The ad's owner (the merchant side of the trade). */
  merchantId: number;
  buyerId: number;
  sellerId: number;
  coin: P2pCoin;
  currencyId: number;
  fiat: P2pFiat;
  priceCents: bigint;
  /** The coins in escrow. */
  units: bigint;
  /** The fiat the buyer pays, cents. */
  amountCents: bigint;
  payMethods: string[];
  payLimitMinutes: number;
  state: P2pOrderState;
  createdAt: number;
  paidAt: number | null;
  finishedAt: number | null;
  delayed: boolean;
  disputedAt: number | null;
  disputeReason: DisputeReason | null;
  disputeBy: OrderActor | null;
  /** The payment voucher: an upload id of the buyer's, or `sim:` for a simulated merchant's. */
  voucher: string;
  /** The payment reference the buyer writes on the transfer. */
  reference: string;
  log: OrderLogLine[];
}

/** The P2P slice of the exchange's state (one log with spot and the wallet). */
export interface P2pState {
  seeded: boolean;
  merchants: Map<number, SimMerchant>;
  nextAdId: number;
  ads: Map<number, P2pAd>;
  nextOrderId: number;
  orders: Map<number, P2pOrder>;
  /** Buyer user id -> when their orders were cancelled (by them, or unpaid in time). */
  buyerCancels: Map<number, number[]>;
}

export function initialP2pState(): P2pState {
  return {
    seeded: false,
    merchants: new Map(),
    nextAdId: 1,
    ads: new Map(),
    nextOrderId: 1,
    orders: new Map(),
    buyerCancels: new Map(),
  };
}
