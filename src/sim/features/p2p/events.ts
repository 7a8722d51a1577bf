import type { P2pAction } from '../../../domain/p2p/order-state.ts';
import type { DisputeReason } from '../../../domain/p2p/actions.ts';
import type { P2pCause, P2pOrderState } from '../../../domain/p2p/order-state.ts';
import type { AdSide, AdStatus, AdTermsRecord, OrderActor, P2pAd, P2pOrder, SimMerchant } from './state.ts';
import type { P2pCoin, P2pFiat } from '../../../domain/p2p/amounts.ts';

/** What the P2P feature asks of the exchange's log. */
export type P2pCommand =
  /** Once: the simulated merchants, their ads and funds, the demo account's ads and funds. */
  | {
      kind: 'p2pSeed';
      at: number;
      merchants: SimMerchant[];
      ads: P2pAd[];
      grants: Array<{ userId: number; currencyId: number; units: bigint }>;
    }
  | {
      kind: 'p2pPublish';
      at: number;
      userId: number;
      isSeller: boolean;
      /** The publisher's saved collection method codes. */
      savedMethods: string[];
      side: AdSide;
      coin: P2pCoin;
      currencyId: number;
      fiat: P2pFiat;
      totalUnits: bigint;
      terms: AdTermsRecord;
    }
  | {
      kind: 'p2pEdit';
      at: number;
      userId: number;
      savedMethods: string[];
      adId: number;
      terms: AdTermsRecord;
    }
  | { kind: 'p2pAdStatus'; at: number; userId: number; adId: number; status: AdStatus }
  | {
      kind: 'p2pOpen';
      at: number;
      userId: number;
      adId: number;
      by: 'amount' | 'quantity';
      value: bigint;
      /** The taker's saved collection method codes (a taker who sells is paid to one of them). */
      savedMethods: string[];
      reference: string;
      /**
       * The ad's price now, as the service priced it from the market (a floating ad's order is taken at
       * it and keeps it); a fixed ad's own price is used whatever this says.
       */
      priceCents: bigint;
    }
  | {
      kind: 'p2pAct';
      at: number;
      userId: number;
      orderId: number;
      action: P2pAction;
      voucher: string;
      reason: string;
    }
  /** What the simulated clock, the simulated merchants and the arbiter did by `at`. */
  | { kind: 'p2pAdvance'; at: number };

/** Every fact the P2P feature records; each carries what it moves. */
export type P2pEvent =
  | {
      type: 'P2pSeeded';
      at: number;
      merchants: SimMerchant[];
      ads: P2pAd[];
      grants: Array<{ userId: number; currencyId: number; units: bigint }>;
    }
  | { type: 'P2pAdPublished'; at: number; ad: P2pAd }
  | { type: 'P2pAdEdited'; at: number; adId: number; terms: AdTermsRecord }
  | { type: 'P2pAdStatusChanged'; at: number; adId: number; status: AdStatus }
  /** The seller's coins moved from legal available into escrow (locked). */
  | { type: 'P2pOrderOpened'; at: number; order: P2pOrder }
  /** An order moved by a party, the clock or the arbiter; `to` completed/cancelled/abnormal ends the escrow. */
  | {
      type: 'P2pOrderMoved';
      at: number;
      orderId: number;
      cause: P2pCause;
      from: P2pOrderState;
      to: P2pOrderState;
      by: OrderActor;
      voucher: string;
      reason: DisputeReason | null;
    };

export const P2P_COMMAND_KINDS = new Set<string>([
  'p2pSeed',
  'p2pPublish',
  'p2pEdit',
  'p2pAdStatus',
  'p2pOpen',
  'p2pAct',
  'p2pAdvance',
]);
export const P2P_EVENT_TYPES = new Set<string>([
  'P2pSeeded',
  'P2pAdPublished',
  'P2pAdEdited',
  'P2pAdStatusChanged',
  'P2pOrderOpened',
  'P2pOrderMoved',
]);
