import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import type { Aggregate } from '../../../../src/sim/store/aggregate.ts';
import { EventStore } from '../../../../src/sim/store/event-store.ts';

/** A small ledger aggregate for the store tests: BigInt balances in a Map, multi-event commands. */
export interface LedgerState {
  balances: Map<string, bigint>;
  applied: number;
}

export type LedgerCommand =
  | { kind: 'deposit'; account: string; amount: bigint; at: number }
  | { kind: 'withdraw'; account: string; amount: bigint; at: number }
  | { kind: 'transfer'; from: string; to: string; amount: bigint; at: number }
  | { kind: 'peek'; account: string };

export type LedgerEvent =
  | { type: 'credited'; account: string; amount: bigint; at: number }
  | { type: 'debited'; account: string; amount: bigint; at: number };

export const ledger: Aggregate<LedgerState, LedgerCommand, LedgerEvent> = {
  initial: () => ({ balances: new Map(), applied: 0 }),

  decide(state, command) {
    const balance = (account: string) => state.balances.get(account) ?? 0n;
    switch (command.kind) {
      case 'peek':
        return { ok: true, events: [], reply: balance(command.account) };
      case 'deposit':
        if (command.amount <= 0n) return { ok: false, error: 'amount must be positive' };
        return {
          ok: true,
          events: [{ type: 'credited', account: command.account, amount: command.amount, at: command.at }],
        };
      case 'withdraw':
        if (command.amount <= 0n) return { ok: false, error: 'amount must be positive' };
        if (balance(command.account) < command.amount) return { ok: false, error: 'insufficient balance' };
        return {
          ok: true,
          events: [{ type: 'debited', account: command.account, amount: command.amount, at: command.at }],
          reply: balance(command.account) - command.amount,
        };
      case 'transfer':
        if (command.amount <= 0n) return { ok: false, error: 'amount must be positive' };
        if (balance(command.from) < command.amount) return { ok: false, error: 'insufficient balance' };
        return {
          ok: true,
          events: [
            { type: 'debited', account: command.from, amount: command.amount, at: command.at },
            { type: 'credited', account: command.to, amount: command.amount, at: command.at },
          ],
        };
    }
  },

  evolve(state, event) {
    const balances = new Map(state.balances);
    const current = balances.get(event.account) ?? 0n;
    balances.set(event.account, event.type === 'credited' ? current + event.amount : current - event.amount);
    return { balances, applied: state.applied + 1 };
  },
};

/** The state a sequence of commands leads to, computed without any storage. */
export function foldCommands(commands: readonly LedgerCommand[]): LedgerState {
  let state = ledger.initial();
  for (const command of commands) {
    const decision = ledger.decide(state, command);
    if (decision.ok) state = decision.events.reduce(ledger.evolve, state);
  }
  return state;
}

let databaseCounter = 0;

/** A store on a fresh fake-indexeddb database; pass the same name to reopen it. */
export function openStore(name = `tessera-test-${++databaseCounter}`): EventStore {
  return new EventStore({ name, indexedDB, IDBKeyRange });
}
