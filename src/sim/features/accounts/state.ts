import type { ImageType } from '../../../domain/validation/image.ts';
import type { PayMethodFields } from '../../../domain/validation/pay-method.ts';
import type { CodePurpose, Flag, ReviewStatus } from '../../../domain/contract-codes.ts';
import type { FailureRecord } from '../../../domain/attempts.ts';

/** A salted PBKDF2-SHA-256 hash; hex strings so the log stays plain JSON. */
export interface PasswordHash {
  iterations: number;
  salt: string;
  hash: string;
}

export interface RealNameRecord {
  status: ReviewStatus;
  name: string;
  cardId: string;
  /** Upload ids (not URLs: URLs are minted per worker lifetime). */
  frontPic: string;
  backPic: string;
  submittedAt: number;
}

/** A stored collection method; `qrcode` holds an upload id. */
export type StoredPayMethod = Partial<PayMethodFields>;

export interface UserRecord {
  id: number;
  /** Normalised (lower case), '' when no e-mail is bound. */
  email: string;
  /** National digits, '' when no phone is bound. */
  mobile: string;
  /** The country of the phone number (an area id), null without a phone. */
  areaId: number | null;
  password: PasswordHash;
  payPassword: PasswordHash | null;
  inviteCode: string;
  invitedBy: number | null;
  authorizationCode: string;
  isSeller: Flag;
  createdAt: number;
  realName: RealNameRecord | null;
  /** Pay method type id -> raw data. */
  payMethods: Record<number, StoredPayMethod>;
  /**
   * The anti-phishing code printed in every message sent to the user (domain/security/anti-phishing.ts);
   * absent or '' when none is set (records from before it existed have no field).
   */
  antiPhishing?: string;
  /** The withdrawal allow-list is on (domain/security/allow-list.ts); absent: off. */
  allowList?: boolean;
  /** Two-factor sign-in (domain/security/two-factor.ts), once confirmed; absent: off. */
  twoFactor?: TwoFactorRecord;
  /** A TOTP seed being enrolled (sealed, secret-box.ts), until a code of it confirms it. */
  twoFactorPending?: string;
}

/** A recovery code as stored: codeHash(code, salt) (secret-hash.ts), never the code. */
export interface RecoveryHash {
  hash: string;
  salt: string;
}

export interface TwoFactorRecord {
  /** The TOTP seed, sealed with the server's key (secret-box.ts): the log never holds it in clear. */
  sealed: string;
  /** The last time step a code was accepted for: no code of it or before it is accepted again. */
  lastStep: number | null;
  /** The recovery codes not used yet. */
  recovery: RecoveryHash[];
}

/** Sessions are keyed by the token's hash (secret-hash.ts); the token itself lives only in the client. */
export interface SessionRecord {
  userId: number;
  expiresAt: number;
  /** When it began, and the device it began on (the sessions list); absent in logs from before. */
  startedAt?: number;
  agent?: string;
  address?: string;
}

/** Why a code was sent: the CODE_PURPOSE_* codes of contract-codes.ts. */
export type { CodePurpose };

export interface IssuedCode {
  /** codeHash(code, salt); '' for a notice (an unknown address), which no code matches. */
  hash: string;
  salt: string;
  issuedAt: number;
  expiresAt: number;
  /** Wrong tries so far; the code dies at CODE_MAX_TRIES (domain/attempts.ts). */
  wrong: number;
  /** Logs written before secrets were hashed kept the code itself; read only by the migration. */
  code?: string;
}

export interface UploadRecord {
  id: string;
  owner: number;
  type: ImageType;
  size: number;
  at: number;
}

/** Demo money a new account receives; the wallet credits it to the trade account. */
export interface DemoGrant {
  userId: number;
  account: 'change';
  lines: ReadonlyArray<{ currency: string; units: bigint }>;
  at: number;
}

export interface FeedbackRecord {
  id: number;
  userId: number;
  type: number;
  title: string;
  content: string;
  at: number;
}

/**
 * Everything the accounts feature knows. Indexes map normalised addresses to user ids so look-ups
 * never scan. Maps survive snapshots (the store's serializer is Map- and BigInt-safe).
 */
export interface AccountsState {
  nextUserId: number;
  users: Map<number, UserRecord>;
  /** "email:<address>" or "sms:<digits>" -> user id. */
  addresses: Map<string, number>;
  inviteCodes: Map<string, number>;
  /** Token hash -> session. */
  sessions: Map<string, SessionRecord>;
  /** "<address key>#<purpose>" -> the latest code sent for it. */
  codes: Map<string, IssuedCode>;
  /** Address key -> send times within the last hour (rate limiting). */
  sends: Map<string, number[]>;
  uploads: Map<string, UploadRecord>;
  grants: DemoGrant[];
  feedback: FeedbackRecord[];
  nextFeedbackId: number;
  /** Wrong passwords in a row: "user:<id>", or "addr:<address key>" for unknown accounts. */
  loginFailures: Map<string, FailureRecord>;
  /**
   * 2: session keys and codes are hashes. A snapshot written before that (no field) still holds
   * tokens and codes in clear; Accounts.open records SecretsHashed, which hashes them (migration).
   */
  secrets?: 2;
}

export function initialAccountsState(): AccountsState {
  return {
    nextUserId: 10_001,
    users: new Map(),
    addresses: new Map(),
    inviteCodes: new Map(),
    sessions: new Map(),
    codes: new Map(),
    sends: new Map(),
    uploads: new Map(),
    grants: [],
    feedback: [],
    nextFeedbackId: 1,
    loginFailures: new Map(),
    secrets: 2,
  };
}

export type Channel = 'email' | 'sms';

/** The key an address is indexed, rate-limited and sent codes under. */
export function addressKey(channel: Channel, address: string): string {
  return `${channel}:${address}`;
}

export function codeKey(channel: Channel, address: string, purpose: CodePurpose): string {
  return `${addressKey(channel, address)}#${purpose}`;
}

/** The key of an account's wrong-password record: the user, or the address when no one has it. */
export function failureKey(userId: number | undefined, channel: Channel, address: string): string {
  return userId === undefined ? `addr:${addressKey(channel, address)}` : userFailureKey(userId);
}

export function userFailureKey(userId: number): string {
  return `user:${userId}`;
}
