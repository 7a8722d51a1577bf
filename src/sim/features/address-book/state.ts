import type { ChainCode } from '../../../domain/address-book/chains.ts';

/** One bound withdrawal address. `address` is in canonicalAddress() form. */
export interface BoundAddressRecord {
  id: number;
  userId: number;
  chain: ChainCode;
  coin: string;
  contract: string;
  address: string;
  label: string;
  createdAt: number;
}

/** A session's signing key; the session is known by the SHA-256 of its token, never the token. */
export interface SessionKeyRecord {
  userId: number;
  key: string;
  expiresAt: number;
}

/** The latest binding code of a user: only its salted hash is kept. */
export interface BindingCodeRecord {
  hash: string;
  salt: string;
  issuedAt: number;
  expiresAt: number;
  /** Wrong tries so far; at the limit the code is void. */
  wrong: number;
}

export interface AddressBookState {
  nextId: number;
  entries: Map<number, BoundAddressRecord>;
  sessionKeys: Map<string, SessionKeyRecord>;
  codes: Map<number, BindingCodeRecord>;
  /** User id -> send times within the last hour (rate limiting). */
  sends: Map<number, number[]>;
}

export function initialAddressBookState(): AddressBookState {
  return { nextId: 1, entries: new Map(), sessionKeys: new Map(), codes: new Map(), sends: new Map() };
}

export type AddressBookCommand =
  | { kind: 'issueKey'; at: number; tokenHash: string; userId: number; key: string; expiresAt: number }
  | { kind: 'issueCode'; at: number; userId: number; hash: string; salt: string }
  | { kind: 'missCode'; at: number; userId: number }
  | {
      kind: 'bind';
      at: number;
      userId: number;
      chain: ChainCode;
      coin: string;
      contract: string;
      address: string;
      label: string;
      /** The hash of the code the user typed, under the stored code's salt. */
      codeHash: string;
    }
  | { kind: 'relabel'; at: number; userId: number; id: number; label: string }
  | { kind: 'remove'; at: number; userId: number; id: number };

export type AddressBookEvent =
  | {
      type: 'SessionKeyIssued';
      at: number;
      tokenHash: string;
      userId: number;
      key: string;
      expiresAt: number;
    }
  | { type: 'BindingCodeIssued'; at: number; userId: number; hash: string; salt: string; expiresAt: number }
  | { type: 'BindingCodeMissed'; at: number; userId: number }
  | { type: 'BindingCodeUsed'; at: number; userId: number }
  | {
      type: 'AddressBound';
      at: number;
      id: number;
      userId: number;
      chain: ChainCode;
      coin: string;
      contract: string;
      address: string;
      label: string;
    }
  | { type: 'AddressRelabelled'; at: number; id: number; label: string }
  | { type: 'AddressRemoved'; at: number; id: number };
