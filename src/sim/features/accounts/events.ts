import type {
  Channel,
  CodePurpose,
  DemoGrant,
  PasswordHash,
  RecoveryHash,
  StoredPayMethod,
  UploadRecord,
  UserRecord,
} from './state.ts';

/** Every fact the accounts feature records. `at` is the simulated time of the command. */
export type AccountEvent =
  | { type: 'UserRegistered'; at: number; user: UserRecord }
  | { type: 'DemoFundsGranted'; at: number; grant: DemoGrant }
  | {
      type: 'CodeIssued';
      at: number;
      channel: Channel;
      address: string;
      purpose: CodePurpose;
      /** codeHash(code, salt) (secret-hash.ts); '' for a notice to an unknown address. */
      codeHash: string;
      salt: string;
      expiresAt: number;
    }
  | { type: 'CodeUsed'; at: number; key: string }
  /** A wrong try of the code under `key`; the CODE_MAX_TRIES-th kills it. */
  | { type: 'CodeTried'; at: number; key: string }
  /** `tokenHash` is tokenHash(token): the log never holds a token. */
  | {
      type: 'SessionStarted';
      at: number;
      tokenHash: string;
      userId: number;
      expiresAt: number;
      /** The device it began on (client-facts.ts); absent in logs from before the sessions list. */
      agent?: string;
      address?: string;
    }
  | { type: 'SessionEnded'; at: number; tokenHash: string }
  /** Every session of the user ends, except `keep` (the hash of the one that changed the password). */
  | { type: 'SessionsRevoked'; at: number; userId: number; keep: string | null }
  /** A wrong password for the account under `key` (state.ts failureKey). */
  | { type: 'LoginFailed'; at: number; key: string }
  /** The state's clear tokens and codes (from a snapshot written before hashing) were hashed. */
  | { type: 'SecretsHashed'; at: number }
  | { type: 'PasswordChanged'; at: number; userId: number; password: PasswordHash }
  | { type: 'PayPasswordSet'; at: number; userId: number; password: PasswordHash }
  | {
      type: 'RealNameSubmitted';
      at: number;
      userId: number;
      name: string;
      cardId: string;
      frontPic: string;
      backPic: string;
    }
  | { type: 'RealNameApproved'; at: number; userId: number }
  | { type: 'ImageUploaded'; at: number; upload: UploadRecord }
  | { type: 'PayMethodSaved'; at: number; userId: number; methodType: number; raw: StoredPayMethod }
  | { type: 'EmailBound'; at: number; userId: number; email: string }
  | { type: 'AntiPhishingSet'; at: number; userId: number; phrase: string }
  | { type: 'AllowListSet'; at: number; userId: number; on: boolean }
  /** A TOTP seed to enrol, sealed (secret-box.ts); it replaces one not confirmed yet. */
  | { type: 'TwoFactorStarted'; at: number; userId: number; sealed: string }
  /** The pending seed confirmed by a code of time step `step`; the recovery codes' hashes. */
  | { type: 'TwoFactorEnabled'; at: number; userId: number; step: number; recovery: RecoveryHash[] }
  /** A code of time step `step` was accepted: that step and every earlier one are spent. */
  | { type: 'TotpStepUsed'; at: number; userId: number; step: number }
  /** A recovery code was used (its hash): it leaves the list. */
  | { type: 'RecoveryCodeUsed'; at: number; userId: number; hash: string }
  | { type: 'TwoFactorDisabled'; at: number; userId: number }
  | {
      type: 'FeedbackSubmitted';
      at: number;
      id: number;
      userId: number;
      kind: number;
      title: string;
      content: string;
    };

/**
 * Events as logs written before secrets were hashed stored them: the token or code in clear. The fold
 * still reads them (hashing as it goes), so an old log replays to the same sessions and codes.
 */
export type LegacyAccountEvent =
  | {
      type: 'CodeIssued';
      at: number;
      channel: Channel;
      address: string;
      purpose: CodePurpose;
      code: string;
      expiresAt: number;
    }
  | { type: 'SessionStarted'; at: number; token: string; userId: number; expiresAt: number }
  | { type: 'SessionEnded'; at: number; token: string };
