import type {
  Channel,
  CodePurpose,
  DemoGrant,
  PasswordHash,
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
      code: string;
      expiresAt: number;
    }
  | { type: 'CodeUsed'; at: number; key: string }
  | { type: 'SessionStarted'; at: number; token: string; userId: number; expiresAt: number }
  | { type: 'SessionEnded'; at: number; token: string }
  /** Every session of the user ends, except `keep` (the one that changed the password). */
  | { type: 'SessionsRevoked'; at: number; userId: number; keep: string | null }
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
  | {
      type: 'FeedbackSubmitted';
      at: number;
      id: number;
      userId: number;
      kind: number;
      title: string;
      content: string;
    };
