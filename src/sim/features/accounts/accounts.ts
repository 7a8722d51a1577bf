import type { Clock } from '../../clock.ts';
import type { EventLog } from '../../store/event-log.ts';
import { EventSourced, type CommandRequest, type ExecuteResult } from '../../store/event-sourced.ts';
import { accountsAggregate } from './aggregate.ts';
import type { AccountCommand } from './commands.ts';
import { MemoryCommandLog, type CommandLog } from './command-log.ts';
import { cryptoEntropy, randomCode, randomDigits, randomHex, type Entropy } from './entropy.ts';
import type { AccountEvent } from './events.ts';
import { ImageUrls, MemoryImageStore, type ImageStore } from './uploads.ts';
import { Outbox, outboxCourier, type CodeCourier } from './outbox.ts';
import { TokenHashCache } from './token-hash-cache.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';
import { DEMO_ACCOUNT, POLICY, type Policy } from './policy.ts';
import { memorySecretBox, type SecretBox } from './secret-box.ts';
import { seedFromBytes } from './totp.ts';
import { systemWallClock } from '../../wall-clock.ts';
import {
  addressKey,
  type AccountsState,
  type DemoGrant,
  type PasswordHash,
  type SessionRecord,
  type UserRecord,
} from './state.ts';
import { CODE_LENGTH } from '../../../domain/validation/code.ts';
import { RECOVERY_CODE_LENGTH } from '../../../domain/security/two-factor.ts';
import { REVIEW_STATUS_PENDING } from '../../../domain/contract-codes.ts';

export interface AccountsOptions {
  /** The durable log; null runs in memory (Node without IndexedDB). */
  store: EventLog | null;
  clock: Clock;
  entropy?: Entropy;
  policy?: Partial<Policy>;
  images?: ImageStore;
  /** Turns image bytes (and the upload's id) into a displayable URL (object URLs by default). */
  mintUrl?: (blob: Blob, id: string) => string;
  /** Where codes go out; default the demo outbox (`outbox`). */
  courier?: CodeCourier;
  /** Whether login needs an SMS/e-mail code (the public setting login_use_sms). */
  loginNeedsCode?: () => boolean;
  /** Seals the TOTP seeds (secret-box.ts); default a key kept in memory only. */
  secrets?: SecretBox;
  /**
   * The wall clock (epoch ms) TOTP codes are checked against: an authenticator app knows only real
   * time, not the demo's (domain/security/two-factor.ts). Default the system's; tests set it.
   */
  wallClock?: () => number;
}

const STREAM = 'accounts';

/** The earliest submission of a pending real-name review, per users map (a state's never changes). */
const earliestPending = new WeakMap<ReadonlyMap<number, UserRecord>, number>();

/** When the earliest pending real-name review was submitted; Infinity when none is pending. */
export function earliestPendingReview(users: ReadonlyMap<number, UserRecord>): number {
  let earliest = earliestPending.get(users);
  if (earliest === undefined) {
    earliest = Infinity;
    for (const user of users.values()) {
      const review = user.realName;
      if (review?.status === REVIEW_STATUS_PENDING && review.submittedAt < earliest)
        earliest = review.submittedAt;
    }
    earliestPending.set(users, earliest);
  }
  return earliest;
}

/**
 * The accounts feature's service: the event-sourced state plus the slow and random parts a pure
 * aggregate cannot do (hashing, tokens, codes), the demo outbox and the image store. Routes call it;
 * the socket hub asks it who a token belongs to.
 */
export class Accounts {
  readonly outbox = new Outbox();
  /** Delivers verification codes (the demo outbox unless the server set its own courier). */
  courier: CodeCourier = outboxCourier(this.outbox);
  private readonly listeners = new Set<(events: readonly AccountEvent[]) => void>();
  /** A hash to verify against when the account is unknown, so both cases take the same time. */
  private decoy: PasswordHash | null = null;
  /** Token -> its hash, for the tokens of live sessions (every call and socket login looks one up). */
  readonly tokenHashes = new TokenHashCache();
  /**
   * Token hash -> when its session last made a call or a socket check (simulated ms). Kept in memory,
   * not in the log (a write per call would bloat it): after a restart a session reads as last seen
   * when it began, until it is used again.
   */
  private readonly lastSeen = new Map<string, number>();

  private constructor(
    private readonly log: CommandLog<AccountsState, AccountCommand, AccountEvent>,
    readonly policy: Policy,
    private readonly entropy: Entropy,
    readonly images: ImageUrls,
    readonly loginNeedsCode: () => boolean,
    readonly secrets: SecretBox,
    readonly wallClock: () => number,
  ) {
    this.onSessionsEnded(() => {
      const { sessions } = this.state();
      this.tokenHashes.forgetEnded(sessions);
      for (const hash of this.lastSeen.keys()) if (!sessions.has(hash)) this.lastSeen.delete(hash);
    });
  }

  static async open(options: AccountsOptions): Promise<Accounts> {
    const policy: Policy = { ...POLICY, ...options.policy };
    const aggregate = accountsAggregate(policy);
    const log = options.store
      ? await EventSourced.open(options.store, aggregate, { stream: STREAM, clock: options.clock })
      : new MemoryCommandLog(aggregate);
    const accounts = new Accounts(
      log,
      policy,
      options.entropy ?? cryptoEntropy,
      new ImageUrls(options.images ?? new MemoryImageStore(), options.mintUrl),
      options.loginNeedsCode ?? (() => false),
      options.secrets ?? memorySecretBox(),
      options.wallClock ?? systemWallClock,
    );
    if (options.courier) accounts.courier = options.courier;
    // A snapshot written before tokens and codes were hashed: hash them now (see aggregate.ts).
    if (accounts.state().secrets !== 2) {
      const migrated = await accounts.execute({ kind: 'hashSecrets', at: options.clock.now() });
      if (!migrated.ok) throw new Error(`could not hash the stored secrets: ${migrated.error}`);
    }
    await accounts.seedDemo(options.clock.now());
    // Made now, so even the first login of an unknown account takes as long as a known one's.
    accounts.decoy = await accounts.hashPassword(randomHex(accounts.entropy, 16));
    return accounts;
  }

  state(): AccountsState {
    return this.log.state();
  }

  /** The user a token belongs to, or null when it is unknown or expired (the caller answers 999). */
  userIdOf(token: string, now: number): number | null {
    if (!token) return null;
    const hash = this.tokenHashes.hashOf(token);
    const session = this.state().sessions.get(hash);
    if (!session || session.expiresAt <= now) return null;
    this.tokenHashes.remember(token, hash);
    this.lastSeen.set(hash, now);
    return session.userId;
  }

  /** The user's live sessions, newest first, each with its token hash and when it was last seen. */
  sessionsOf(userId: number, now: number): Array<SessionRecord & { hash: string; lastSeen: number }> {
    const found: Array<SessionRecord & { hash: string; lastSeen: number }> = [];
    for (const [hash, session] of this.state().sessions) {
      if (session.userId !== userId || session.expiresAt <= now) continue;
      const began = session.startedAt ?? 0;
      found.push({ ...session, hash, lastSeen: Math.max(began, this.lastSeen.get(hash) ?? began) });
    }
    // Expired sessions that were never used again leave the table here too.
    for (const [hash] of this.lastSeen) if (!this.state().sessions.has(hash)) this.lastSeen.delete(hash);
    return found.sort((a, b) => b.lastSeen - a.lastSeen);
  }

  userOf(token: string, now: number): UserRecord | null {
    const id = this.userIdOf(token, now);
    return id === null ? null : (this.state().users.get(id) ?? null);
  }

  /** The anti-phishing code of a user, for the messages sent to them ('' for none or nobody). */
  antiPhishingOf(userId: number | undefined): string {
    return userId === undefined ? '' : (this.state().users.get(userId)?.antiPhishing ?? '');
  }

  /** Demo funds granted so far; the wallet credits them (see also `subscribe`). */
  grants(): readonly DemoGrant[] {
    return this.state().grants;
  }

  /** Called with the events of every accepted command, after they are stored. */
  subscribe(listener: (events: readonly AccountEvent[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Calls `listener` after a command that ended sessions (logout, a password change or reset). */
  onSessionsEnded(listener: () => void): () => void {
    return this.subscribe((events) => {
      if (events.some((event) => event.type === 'SessionEnded' || event.type === 'SessionsRevoked')) {
        listener();
      }
    });
  }

  /** With `request`, its answer is stored in the same commit as the command's events. */
  async execute(
    command: AccountCommand,
    request?: CommandRequest<AccountsState>,
  ): Promise<ExecuteResult<AccountEvent>> {
    const result = await this.log.execute(command, request);
    if (result.ok && result.events.length > 0) {
      for (const listener of this.listeners) listener(result.events);
    }
    return result;
  }

  /** Records the approvals of real-name reviews that fell due by `now` (the demo review is a delay). */
  async settleReviews(now: number): Promise<void> {
    // Some pending review is due when the earliest submitted one is: one look-up per call, not a
    // walk of every user (the walk runs once per change of the users map, which copies it anyway).
    const due = earliestPendingReview(this.state().users) + this.policy.reviewDelayMs <= now;
    if (due) await this.execute({ kind: 'approveDueReviews', at: now });
  }

  hashPassword(password: string): Promise<PasswordHash> {
    return hashPassword(password, this.entropy.bytes(16), this.policy.passwordIterations);
  }

  /** Checks a password; with no stored hash it still spends the time of one check. */
  async verifyPassword(password: string, stored: PasswordHash | null): Promise<boolean> {
    if (stored) return verifyPassword(password, stored);
    this.decoy ??= await this.hashPassword(randomHex(this.entropy, 16));
    await verifyPassword(password, this.decoy);
    return false;
  }

  newToken(): string {
    return randomHex(this.entropy, 32);
  }

  newCode(): string {
    return randomDigits(this.entropy, CODE_LENGTH);
  }

  /** A code's salt: the log keeps codeHash(code, salt), never the code. */
  newSalt(): string {
    return randomHex(this.entropy, 16);
  }

  newUploadId(): string {
    return randomHex(this.entropy, 12);
  }

  /** An invite code no one has yet (32^8 of them: a clash is rare, and simply drawn again). */
  newInviteCode(): string {
    for (;;) {
      const code = randomCode(this.entropy, 8);
      if (!this.state().inviteCodes.has(code)) return code;
    }
  }

  /** A TOTP seed (base32 of 20 random bytes). */
  newTotpSeed(): string {
    return seedFromBytes(this.entropy.bytes(20));
  }

  /** A recovery code in its stored form (recoveryCodeKey): 10 characters, 50 random bits. */
  newRecoveryCode(): string {
    return randomCode(this.entropy, RECOVERY_CODE_LENGTH);
  }

  newAuthorizationCode(): string {
    return randomCode(this.entropy, 12);
  }

  private async seedDemo(now: number): Promise<void> {
    const existing = this.state().addresses.get(addressKey('email', DEMO_ACCOUNT.email));
    if (existing !== undefined) return;
    const result = await this.execute({
      kind: 'seedDemo',
      at: now,
      email: DEMO_ACCOUNT.email,
      password: await this.hashPassword(DEMO_ACCOUNT.password),
      inviteCode: DEMO_ACCOUNT.inviteCode,
      authorizationCode: this.newAuthorizationCode(),
    });
    if (!result.ok) throw new Error(`could not seed the demo account: ${result.error}`);
  }
}
