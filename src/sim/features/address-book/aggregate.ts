import type { Aggregate, Decision } from '../../store/aggregate.ts';
import type { AddressPolicy } from './policy.ts';
import { HOUR_MS } from './policy.ts';
import {
  initialAddressBookState,
  type AddressBookCommand,
  type AddressBookEvent,
  type AddressBookState,
} from './state.ts';

/** Refusals are server message keys (locales, section "server"). */
export const ADDRESS_REFUSALS = [
  'codeTooSoon',
  'codeTooMany',
  'codeWrong',
  'addrCodeVoid',
  'addrDuplicate',
  'addrFull',
  'addrNotFound',
] as const;
export type AddressRefusal = (typeof ADDRESS_REFUSALS)[number];

type AddressDecision = Decision<AddressBookEvent>;

function refuse(error: AddressRefusal): AddressDecision {
  return { ok: false, error };
}

/** How long until the user may ask for another code, and whether the hourly cap is reached. */
export function codeWait(
  state: AddressBookState,
  policy: AddressPolicy,
  userId: number,
  now: number,
): { waitMs: number; capped: boolean } {
  const recent = (state.sends.get(userId) ?? []).filter((at) => at > now - HOUR_MS);
  const last = recent.at(-1);
  const waitMs = last === undefined ? 0 : Math.max(0, last + policy.codeIntervalMs - now);
  return { waitMs, capped: recent.length >= policy.codesPerHour };
}

function ownEntry(state: AddressBookState, userId: number, id: number) {
  const entry = state.entries.get(id);
  return entry && entry.userId === userId ? entry : null;
}

function decide(
  policy: AddressPolicy,
  state: AddressBookState,
  command: AddressBookCommand,
): AddressDecision {
  switch (command.kind) {
    case 'issueKey':
      return {
        ok: true,
        events: [
          {
            type: 'SessionKeyIssued',
            at: command.at,
            tokenHash: command.tokenHash,
            userId: command.userId,
            key: command.key,
            expiresAt: command.expiresAt,
          },
        ],
      };
    case 'issueCode': {
      const { waitMs, capped } = codeWait(state, policy, command.userId, command.at);
      if (capped) return refuse('codeTooMany');
      if (waitMs > 0) return refuse('codeTooSoon');
      return {
        ok: true,
        events: [
          {
            type: 'BindingCodeIssued',
            at: command.at,
            userId: command.userId,
            hash: command.hash,
            salt: command.salt,
            expiresAt: command.at + policy.codeTtlMs,
          },
        ],
      };
    }
    case 'missCode': {
      const code = state.codes.get(command.userId);
      if (!code || code.expiresAt <= command.at) return refuse('codeWrong');
      return { ok: true, events: [{ type: 'BindingCodeMissed', at: command.at, userId: command.userId }] };
    }
    case 'bind': {
      const code = state.codes.get(command.userId);
      if (!code || code.expiresAt <= command.at) return refuse('codeWrong');
      if (code.wrong >= policy.codeMaxTries) return refuse('addrCodeVoid');
      if (code.hash !== command.codeHash) return refuse('codeWrong');
      const mine = [...state.entries.values()].filter((entry) => entry.userId === command.userId);
      if (
        mine.some(
          (entry) =>
            entry.chain === command.chain &&
            entry.coin === command.coin &&
            entry.contract === command.contract &&
            entry.address === command.address,
        )
      ) {
        return refuse('addrDuplicate');
      }
      if (mine.length >= policy.maxEntries) return refuse('addrFull');
      return {
        ok: true,
        reply: state.nextId,
        events: [
          { type: 'BindingCodeUsed', at: command.at, userId: command.userId },
          {
            type: 'AddressBound',
            at: command.at,
            id: state.nextId,
            userId: command.userId,
            chain: command.chain,
            coin: command.coin,
            contract: command.contract,
            address: command.address,
            label: command.label,
          },
        ],
      };
    }
    case 'relabel':
      if (!ownEntry(state, command.userId, command.id)) return refuse('addrNotFound');
      return {
        ok: true,
        events: [{ type: 'AddressRelabelled', at: command.at, id: command.id, label: command.label }],
      };
    case 'remove':
      if (!ownEntry(state, command.userId, command.id)) return refuse('addrNotFound');
      return { ok: true, events: [{ type: 'AddressRemoved', at: command.at, id: command.id }] };
  }
}

function evolve(state: AddressBookState, event: AddressBookEvent): AddressBookState {
  switch (event.type) {
    case 'SessionKeyIssued': {
      // Expired keys leave whenever a new one is issued, so the map never grows without bound.
      const sessionKeys = new Map([...state.sessionKeys].filter(([, key]) => key.expiresAt > event.at));
      sessionKeys.set(event.tokenHash, { userId: event.userId, key: event.key, expiresAt: event.expiresAt });
      return { ...state, sessionKeys };
    }
    case 'BindingCodeIssued': {
      const codes = new Map(state.codes);
      codes.set(event.userId, {
        hash: event.hash,
        salt: event.salt,
        issuedAt: event.at,
        expiresAt: event.expiresAt,
        wrong: 0,
      });
      const sends = new Map(state.sends);
      sends.set(event.userId, [
        ...(state.sends.get(event.userId) ?? []).filter((at) => at > event.at - HOUR_MS),
        event.at,
      ]);
      return { ...state, codes, sends };
    }
    case 'BindingCodeMissed': {
      const code = state.codes.get(event.userId);
      if (!code) return state;
      const codes = new Map(state.codes);
      codes.set(event.userId, { ...code, wrong: code.wrong + 1 });
      return { ...state, codes };
    }
    case 'BindingCodeUsed': {
      const codes = new Map(state.codes);
      codes.delete(event.userId);
      return { ...state, codes };
    }
    case 'AddressBound': {
      const entries = new Map(state.entries);
      entries.set(event.id, {
        id: event.id,
        userId: event.userId,
        chain: event.chain,
        coin: event.coin,
        contract: event.contract,
        address: event.address,
        label: event.label,
        createdAt: event.at,
      });
      return { ...state, entries, nextId: Math.max(state.nextId, event.id + 1) };
    }
    case 'AddressRelabelled': {
      const entry = state.entries.get(event.id);
      if (!entry) return state;
      const entries = new Map(state.entries);
      entries.set(event.id, { ...entry, label: event.label });
      return { ...state, entries };
    }
    case 'AddressRemoved': {
      const entries = new Map(state.entries);
      entries.delete(event.id);
      return { ...state, entries };
    }
  }
}

export function addressBookAggregate(
  policy: AddressPolicy,
): Aggregate<AddressBookState, AddressBookCommand, AddressBookEvent> {
  return {
    initial: initialAddressBookState,
    decide: (state, command) => decide(policy, state, command),
    evolve,
  };
}
