import { sha256 } from '@noble/hashes/sha2.js';
import { canonicalAddress } from '../../../domain/address-book/address.ts';
import { chainOption, optionOn, type ChainCode } from '../../../domain/address-book/chains.ts';
import { CODE_LENGTH } from '../../../domain/validation/code.ts';
import type { Clock } from '../../clock.ts';
import type { EventLog } from '../../store/event-log.ts';
import { EventSourced, type CommandRequest, type ExecuteResult } from '../../store/event-sourced.ts';
import { MemoryCommandLog, type CommandLog } from '../accounts/command-log.ts';
import { cryptoEntropy, randomDigits, randomHex, type Entropy } from '../accounts/entropy.ts';
import { addressBookAggregate } from './aggregate.ts';
import { ADDRESS_POLICY, type AddressPolicy } from './policy.ts';
import type { AddressBookCommand, AddressBookEvent, AddressBookState, BoundAddressRecord } from './state.ts';

const STREAM = 'address-book';

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The SHA-256 of a session token: sessions are known by it, so the log never holds a token. */
export function tokenDigest(token: string): string {
  return hex(sha256(new TextEncoder().encode(token)));
}

/** The salted hash a binding code is kept as. */
export function bindingCodeHash(salt: string, code: string): string {
  return hex(sha256(new TextEncoder().encode(`${salt}:${code}`)));
}

export interface AddressBookOptions {
  store: EventLog | null;
  clock: Clock;
  entropy?: Entropy;
  policy?: Partial<AddressPolicy>;
}

/**
 * The address-binding service: the event-sourced address book plus the random
 * parts (keys, codes) a pure aggregate cannot draw. Routes call it; the withdrawal feature asks it
 * `isBound(userId, coin, chain, address)` before it accepts a withdrawal.
 */
export class AddressBook {
  private constructor(
    private readonly log: CommandLog<AddressBookState, AddressBookCommand, AddressBookEvent>,
    readonly policy: AddressPolicy,
    private readonly entropy: Entropy,
  ) {}

  static async open(options: AddressBookOptions): Promise<AddressBook> {
    const policy: AddressPolicy = { ...ADDRESS_POLICY, ...options.policy };
    const aggregate = addressBookAggregate(policy);
    const log = options.store
      ? await EventSourced.open(options.store, aggregate, { stream: STREAM, clock: options.clock })
      : new MemoryCommandLog(aggregate);
    return new AddressBook(log, policy, options.entropy ?? cryptoEntropy);
  }

  state(): AddressBookState {
    return this.log.state();
  }

  /** With `request`, its answer is stored in the same commit as the command's events. */
  execute(
    command: AddressBookCommand,
    request?: CommandRequest<AddressBookState>,
  ): Promise<ExecuteResult<AddressBookEvent>> {
    return this.log.execute(command, request);
  }

  /** A user's bound addresses, newest first. */
  entriesOf(userId: number): BoundAddressRecord[] {
    return [...this.state().entries.values()]
      .filter((entry) => entry.userId === userId)
      .sort((a, b) => b.id - a.id);
  }

  /**
   * For withdrawals: whether the user has bound `address` for `coin` on `chain` (TRC20, ERC20 or
   * BTC). The address is compared in its canonical form, so an Ethereum address in any letter case
   * or a SegWit address in upper case matches its bound entry.
   */
  isBound(userId: number, coin: string, chain: ChainCode | string, address: string): boolean {
    return this.boundAt(userId, coin, chain, address) !== null;
  }

  /** When the user bound `address` (as isBound matches it), or null when it is not bound. */
  boundAt(userId: number, coin: string, chain: ChainCode | string, address: string): number | null {
    const option = optionOn(coin, chain);
    if (!option) return null;
    const canonical = canonicalAddress(option.chain, address);
    const entry = this.entriesOf(userId).find(
      (candidate) =>
        candidate.coin === option.coin && candidate.chain === option.chain && candidate.address === canonical,
    );
    return entry?.createdAt ?? null;
  }

  /** Like isBound, with the contract address that picks the chain (the service's own form). */
  isBoundByContract(userId: number, coin: string, contract: string, address: string): boolean {
    const option = chainOption(coin, contract);
    return option !== null && this.isBound(userId, coin, option.chain, address);
  }

  /** The session's signing key, issued on first use (the token is known only by its digest). */
  async sessionKey(token: string, userId: number, now: number): Promise<string | null> {
    const digest = tokenDigest(token);
    const existing = this.state().sessionKeys.get(digest);
    if (existing && existing.userId === userId && existing.expiresAt > now) return existing.key;
    const key = randomHex(this.entropy, 32);
    const result = await this.execute({
      kind: 'issueKey',
      at: now,
      tokenHash: digest,
      userId,
      key,
      expiresAt: now + this.policy.keyTtlMs,
    });
    return result.ok ? key : null;
  }

  /** The key already issued to this session, or null. */
  keyOf(token: string, userId: number, now: number): string | null {
    const record = this.state().sessionKeys.get(tokenDigest(token));
    return record && record.userId === userId && record.expiresAt > now ? record.key : null;
  }

  newCode(): { code: string; salt: string } {
    return { code: randomDigits(this.entropy, CODE_LENGTH), salt: randomHex(this.entropy, 16) };
  }
}

/** Opens the address book on the shared event log when there is one, in memory otherwise. */
export function openAddressBook(options: AddressBookOptions): Promise<AddressBook> {
  return AddressBook.open(options);
}
