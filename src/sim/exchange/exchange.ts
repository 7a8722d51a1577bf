import type { Aggregate, Decision } from '../store/aggregate.ts';
import { PersistentMap } from '../store/persistent-map.ts';
import { applyPostings, isBalanced, overdraws, type Posting } from '../ledger/postings.ts';
import type { EarningsCommand, EarningsEvent } from '../features/earnings/events.ts';
import type { LeverCommand, LeverEvent } from '../features/lever/events.ts';
import type { MicroCommand, MicroEvent } from '../features/micro/events.ts';
import type { P2pCommand, P2pEvent } from '../features/p2p/events.ts';
import type { SpotCommand } from '../features/spot/commands.ts';
import type { SpotEvent } from '../features/spot/events.ts';
import { initialSpotState } from '../features/spot/state.ts';
import type { WalletCommand } from '../features/wallet/commands.ts';
import type { WalletEvent } from '../features/wallet/events.ts';
import { walletPart } from '../features/wallet/part.ts';
import { initialWalletState } from '../features/wallet/state.ts';
import type { ExchangeState } from './state.ts';

/**
 * Every command and event of the exchange's one log, of every feature that keeps its business there:
 * each part's own are in the union, so a feature hands its commands to the log and reads its events
 * back as what they are.
 */
export type ExchangeCommand =
  SpotCommand | WalletCommand | EarningsCommand | MicroCommand | LeverCommand | P2pCommand;
export type ExchangeEvent = SpotEvent | WalletEvent | EarningsEvent | MicroEvent | LeverEvent | P2pEvent;

/**
 * A feature that keeps its business in the exchange's one log (each feature's part.ts: wallet,
 * earnings, micro, lever and P2P): its commands and events, what each event posts to the ledger (balanced),
 * and what else each event changes. The exchange checks every decision's postings before it goes.
 */
export interface ExchangePart {
  readonly name: string;
  /** Its refusal, in its own words, of a decision that would overdraw an account. */
  readonly overdrawn: string;
  ownsCommand(command: { kind: string }): boolean;
  ownsEvent(event: { type: string }): boolean;
  decide(state: ExchangeState, command: { kind: string }): Decision<{ type: string; at: number }>;
  /** The ledger postings of one of its events; they must sum to zero per currency. */
  postingsOf(state: ExchangeState, event: { type: string }): Posting[];
  /** The state after one of its events, postings included. */
  evolve(state: ExchangeState, event: { type: string }): ExchangeState;
}

/**
 * The exchange's aggregate: the spot feature's decide/evolve for orders and fills, and the parts'
 * (the wallet's deposits, withdrawals, transfers and conversions first) over one state and one log.
 * Every part's decision is checked once more here: its postings must balance and overdraw nobody,
 * or the command is refused (a bug caught before it reaches the log, never a corrupt ledger).
 */
export function exchangeAggregate(
  spot: Aggregate<ReturnType<typeof initialSpotState>, SpotCommand, SpotEvent>,
  parts: readonly ExchangePart[] = [walletPart],
  initialSlices: () => Partial<ExchangeState> = () => ({}),
): Aggregate<ExchangeState, ExchangeCommand, ExchangeEvent> {
  function evolve(state: ExchangeState, event: ExchangeEvent): ExchangeState {
    const part = parts.find((candidate) => candidate.ownsEvent(event));
    if (part) return part.evolve(state, event);
    const next = spot.evolve(state, event as SpotEvent) as ExchangeState;
    // A demo grant comes from the grants book, so the ledger balances.
    if (event.type === 'FundsCredited') {
      return applyPostings(next, [
        { kind: 'book', book: 'grants', currencyId: event.currencyId, amount: -event.units },
      ]);
    }
    return next;
  }
  return {
    initial: () => ({
      ...initialSpotState(),
      books: PersistentMap.empty(),
      wallet: initialWalletState(),
      ...initialSlices(),
    }),
    decide(state, command) {
      const part = parts.find((candidate) => candidate.ownsCommand(command));
      if (!part) {
        const decision = spot.decide(state, command as SpotCommand);
        // Spot's state after its events (spot's evolve on the exchange's state, which it keeps whole)
        // is the exchange's for every event but a grant, which the exchange also posts: with a grant,
        // the store folds the events itself.
        if (!decision.ok || decision.events.every((event) => event.type !== 'FundsCredited'))
          return decision as unknown as Decision<ExchangeEvent, ExchangeState>;
        const { state: _unused, ...withoutState } = decision;
        return withoutState;
      }
      const decision = part.decide(state, command);
      if (!decision.ok) return decision;
      let probe = state;
      // The probe is the fold of the events when the part is the owner `evolve` picks for each: then
      // it goes with the decision, and the store keeps it rather than folding the events again.
      let folded = true;
      for (const event of decision.events) {
        const postings = part.postingsOf(probe, event);
        if (!isBalanced(postings) || overdraws(probe, postings)) return { ok: false, error: part.overdrawn };
        probe = part.evolve(probe, event);
        folded &&= parts.find((candidate) => candidate.ownsEvent(event)) === part;
      }
      const events = decision.events as ExchangeEvent[];
      return folded && events.length > 0 ? { ...decision, events, state: probe } : { ...decision, events };
    },
    evolve,
  };
}
