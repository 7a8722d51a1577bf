import type { MicroDirection, MicroOutcome } from '../../../domain/micro/rules.ts';
import type { MicroContract, TapeTradeRef } from './state.ts';

/** What the micro service asks of the exchange's log. */
export type MicroCommand =
  | {
      kind: 'microBuy';
      at: number;
      userId: number;
      pairId: number;
      currencyId: number;
      direction: MicroDirection;
      seconds: number;
      ratioBps: bigint;
      stake: bigint;
      fee: bigint;
      min: bigint;
      max: bigint;
      /** The last trade of the pair's public tape at `at`. */
      open: TapeTradeRef;
    }
  /** Settles each listed running contract on its recorded closing trade. */
  | { kind: 'microSettle'; at: number; closes: readonly { contractId: number; close: TapeTradeRef }[] };

/**
 * Every fact micro records. A settlement carries its closing trade and the outcome, payout derived
 * from the recorded prices by the pure rules, so anyone can re-derive it from the log.
 */
export type MicroEvent =
  | { type: 'MicroOpened'; at: number; contract: MicroContract }
  | {
      type: 'MicroSettled';
      at: number;
      contractId: number;
      close: TapeTradeRef;
      outcome: MicroOutcome;
      payout: bigint;
    };

export const MICRO_COMMANDS = new Set<string>(['microBuy', 'microSettle']);
export const MICRO_EVENTS = new Set<string>(['MicroOpened', 'MicroSettled']);
