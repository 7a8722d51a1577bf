import type { EarningsState } from '../features/earnings/state.ts';
import type { LeverState } from '../features/lever/state.ts';
import type { MicroState } from '../features/micro/state.ts';
import type { P2pState } from '../features/p2p/state.ts';
import type { SpotState } from '../features/spot/state.ts';
import type { WalletState } from '../features/wallet/state.ts';

/**
 * The exchange's event-sourced state: the spot feature's orders and trade balances, the wallet's
 * deposits, withdrawals and records, and the exchange's books, in one log so every movement across
 * accounts commits at once (DESIGN.md "One ledger").
 */
export interface ExchangeState extends SpotState {
  books: ReadonlyMap<string, bigint>;
  wallet: WalletState;
  /** Earnings products' holdings and dividends (absent in a log that never had any: reads as empty). */
  earnings?: EarningsState;
  /** Micro contracts (absent in a log that never had any: reads as empty). */
  micro?: MicroState;
  /** Lever positions and marks (absent in a log that never had any: reads as empty). */
  lever?: LeverState;
  /** P2P ads, orders and escrow (absent in a log that never had any: reads as empty). */
  p2p?: P2pState;
}
