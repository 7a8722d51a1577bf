import type { ClientFacts } from '../../client-facts.ts';
import type { FeedbackType } from '../../../domain/validation/feedback.ts';
import type {
  Channel,
  CodePurpose,
  PasswordHash,
  RecoveryHash,
  StoredPayMethod,
  UploadRecord,
} from './state.ts';

/**
 * What a second-factor code proved, as the route found it (second-factor.ts): the time step of a
 * TOTP code (the aggregate refuses a step already spent), or the hash of a recovery code (refused
 * unless still unused).
 */
export type SecondFactorProof = { step: number } | { recoveryHash: string };

/**
 * What the routes ask the accounts aggregate to do. Everything slow or random (password hashing,
 * tokens, codes) is computed before the command, so deciding stays pure and the log replays exactly.
 * Input formats are checked before a command exists; the aggregate checks what depends on state.
 */
export type AccountCommand =
  | {
      kind: 'register';
      at: number;
      channel: Channel;
      address: string;
      areaId: number | null;
      code: string;
      password: PasswordHash;
      /** The referrer's invite code, normalised, or '' for none. */
      invitedWith: string;
      newInviteCode: string;
      authorizationCode: string;
    }
  /** The demo account: no code, a fixed invite code, a seller. Only the simulator's start issues it. */
  | {
      kind: 'seedDemo';
      at: number;
      email: string;
      password: PasswordHash;
      inviteCode: string;
      authorizationCode: string;
    }
  | {
      kind: 'issueCode';
      at: number;
      channel: Channel;
      address: string;
      purpose: CodePurpose;
      /** '' for a notice. Commands are not stored: the event records only codeHash(code, salt). */
      code: string;
      /** Random, per code (Accounts.newSalt); '' when omitted (tests). */
      salt?: string;
    }
  | {
      kind: 'startSession';
      at: number;
      userId: number;
      /** Goes only to the client; the event records tokenHash(token). */
      token: string;
      /** When login_use_sms is 1: the code the user typed, checked against the login code sent. */
      loginCode: { channel: Channel; address: string; code: string } | null;
      /** The device signing in (the sessions list shows it). */
      client?: ClientFacts;
    }
  | { kind: 'endSession'; at: number; token: string }
  /** The user ends one of their own sessions from the sessions list, by its id (sessionId()). */
  | { kind: 'endUserSession'; at: number; userId: number; sessionId: string }
  /** A wrong password for the account under `key` (state.ts failureKey). */
  | { kind: 'loginFailed'; at: number; key: string }
  /** Hashes the clear tokens and codes a snapshot from before hashing holds (Accounts.open). */
  | { kind: 'hashSecrets'; at: number }
  | {
      kind: 'changePassword';
      at: number;
      userId: number;
      password: PasswordHash;
      /** The token of the session that changed it (it stays); the event records only its hash. */
      keepToken: string;
    }
  | {
      kind: 'resetPassword';
      at: number;
      channel: Channel;
      address: string;
      code: string;
      password: PasswordHash;
    }
  | { kind: 'setPayPassword'; at: number; userId: number; code: string; password: PasswordHash }
  | {
      kind: 'submitRealName';
      at: number;
      userId: number;
      name: string;
      cardId: string;
      frontPic: string;
      backPic: string;
    }
  | { kind: 'approveDueReviews'; at: number }
  | { kind: 'recordUpload'; at: number; upload: UploadRecord }
  | { kind: 'savePayMethod'; at: number; userId: number; methodType: number; raw: StoredPayMethod }
  | { kind: 'bindEmail'; at: number; userId: number; email: string; code: string }
  | { kind: 'setAntiPhishing'; at: number; userId: number; phrase: string }
  /** The route checked the trade password before turning it off. */
  | { kind: 'setAllowList'; at: number; userId: number; on: boolean }
  /** The seed is made and sealed by the route; only the sealed text reaches the log. */
  | { kind: 'startTwoFactor'; at: number; userId: number; sealed: string }
  /** The route checked a code of the pending seed; `step` is its time step. */
  | { kind: 'enableTwoFactor'; at: number; userId: number; step: number; recovery: RecoveryHash[] }
  /** Spends the code the route checked (sign-in, withdrawals, security changes). */
  | { kind: 'useSecondFactor'; at: number; userId: number; proof: SecondFactorProof }
  | { kind: 'disableTwoFactor'; at: number; userId: number; proof: SecondFactorProof }
  | {
      kind: 'submitFeedback';
      at: number;
      userId: number;
      type: FeedbackType;
      title: string;
      content: string;
    };
