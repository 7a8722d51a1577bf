import type { ImageType } from '../../../domain/validation/image.ts';
import type { PayMethodFields } from '../../../domain/validation/pay-method.ts';
import type { CodePurpose, Flag, ReviewStatus } from '../../../domain/contract-codes.ts';

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
}

export interface SessionRecord {
  userId: number;
  expiresAt: number;
}

/** Why a code was sent: the CODE_PURPOSE_* codes of contract-codes.ts. */
export type { CodePurpose };

export interface IssuedCode {
  code: string;
  issuedAt: number;
  expiresAt: number;
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
  sessions: Map<string, SessionRecord>;
  /** "<address key>#<purpose>" -> the latest code sent for it. */
  codes: Map<string, IssuedCode>;
  /** Address key -> send times within the last hour (rate limiting). */
  sends: Map<string, number[]>;
  uploads: Map<string, UploadRecord>;
  grants: DemoGrant[];
  feedback: FeedbackRecord[];
  nextFeedbackId: number;
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
