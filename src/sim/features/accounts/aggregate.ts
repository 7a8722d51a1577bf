import type { Aggregate, Decision } from '../../store/aggregate.ts';
import type { AccountCommand } from './commands.ts';
import { issueCode } from './decide/codes.ts';
import type { Decider } from './decide/decision.ts';
import { HOUR_MS } from './decide/lookups.ts';
import { changePassword, resetPassword, setPayPassword } from './decide/passwords.ts';
import { bindEmail, recordUpload, savePayMethod, submitFeedback } from './decide/profile.ts';
import { approveDueReviews, submitRealName } from './decide/real-name.ts';
import { endSession, endUserSession, hashSecrets, loginFailed, startSession } from './decide/sessions.ts';
import { wrongCode } from './decide/attempts.ts';
import { register, seedDemo } from './decide/sign-up.ts';
import { setAllowList, setAntiPhishing } from './decide/security.ts';
import { disableTwoFactor, enableTwoFactor, startTwoFactor, useSecondFactor } from './decide/two-factor.ts';
import type { AccountEvent, LegacyAccountEvent } from './events.ts';
import { codeHash, tokenHash } from './secret-hash.ts';
import { PASSWORD_BACKOFF, CODE_MAX_TRIES, currentRecord, recordFailure } from '../../../domain/attempts.ts';
import type { Policy } from './policy.ts';
import {
  addressKey,
  codeKey,
  initialAccountsState,
  userFailureKey,
  type AccountsState,
  type IssuedCode,
  type UserRecord,
} from './state.ts';
import {
  CODE_PURPOSE_BIND_EMAIL,
  REVIEW_STATUS_APPROVED,
  REVIEW_STATUS_PENDING,
} from '../../../domain/contract-codes.ts';

/** Each command's decision lives in decide/, grouped by concept; this table is the whole of decide(). */
const DECIDERS: { [K in AccountCommand['kind']]: Decider<K> } = {
  register,
  seedDemo,
  issueCode,
  startSession,
  endSession,
  endUserSession,
  loginFailed,
  hashSecrets,
  changePassword,
  resetPassword,
  setPayPassword,
  submitRealName,
  approveDueReviews,
  recordUpload,
  savePayMethod,
  // A wrong binding code counts against the code like every other (decide/attempts.ts).
  bindEmail: (policy, state, command) => {
    const decision = bindEmail(policy, state, command);
    if (decision.ok || decision.error !== 'codeWrong') return decision;
    return wrongCode(state, [codeKey('email', command.email, CODE_PURPOSE_BIND_EMAIL)], command.at);
  },
  submitFeedback,
  setAntiPhishing,
  setAllowList,
  startTwoFactor,
  enableTwoFactor,
  useSecondFactor,
  disableTwoFactor,
};

function decide(policy: Policy, state: AccountsState, command: AccountCommand): Decision<AccountEvent> {
  // The table pairs each kind with its decider; TypeScript cannot correlate the two through the union.
  const decider = DECIDERS[command.kind] as Decider<AccountCommand['kind']>;
  return decider(policy, state, command);
}

function updateUser(
  state: AccountsState,
  userId: number,
  change: (user: UserRecord) => UserRecord,
): AccountsState {
  const user = state.users.get(userId);
  if (!user) return state;
  const users = new Map(state.users);
  users.set(userId, change(user));
  return { ...state, users };
}

/** Reads an event of a log written before secrets were hashed as today's event. */
function upgrade(event: AccountEvent | LegacyAccountEvent): AccountEvent {
  if (event.type === 'CodeIssued' && 'code' in event) {
    const { code, ...rest } = event;
    return { ...rest, codeHash: code === '' ? '' : codeHash(code, ''), salt: '' };
  }
  if ((event.type === 'SessionStarted' || event.type === 'SessionEnded') && 'token' in event) {
    const { token, ...rest } = event;
    return { ...rest, tokenHash: tokenHash(token) };
  }
  return event as AccountEvent;
}

/** The state of a snapshot from before hashing, with its clear tokens and codes hashed. */
function hashStoredSecrets(state: AccountsState): AccountsState {
  const sessions = new Map([...state.sessions].map(([token, session]) => [tokenHash(token), session]));
  const codes = new Map<string, IssuedCode>(
    [...state.codes].map(([key, issued]) => {
      const { code, ...rest } = issued;
      if (code === undefined) return [key, issued];
      return [key, { ...rest, hash: code === '' ? '' : codeHash(code, ''), salt: '', wrong: 0 }];
    }),
  );
  // Such a snapshot has no wrong-password table either.
  const loginFailures = (state as Partial<AccountsState>).loginFailures ?? new Map();
  return { ...state, sessions, codes, loginFailures, secrets: 2 };
}

function evolve(
  policy: Policy,
  stored: AccountsState,
  legacyOrEvent: AccountEvent | LegacyAccountEvent,
): AccountsState {
  // A snapshot from before hashing is migrated by the first event folded onto it (SecretsHashed
  // when nothing else comes: Accounts.open records one), before that event applies.
  const state = stored.secrets === 2 ? stored : hashStoredSecrets(stored);
  const event = upgrade(legacyOrEvent);
  switch (event.type) {
    case 'UserRegistered': {
      const { user } = event;
      const users = new Map(state.users).set(user.id, user);
      const addresses = new Map(state.addresses);
      if (user.email) addresses.set(addressKey('email', user.email), user.id);
      if (user.mobile) addresses.set(addressKey('sms', user.mobile), user.id);
      const inviteCodes = new Map(state.inviteCodes).set(user.inviteCode, user.id);
      return { ...state, users, addresses, inviteCodes, nextUserId: Math.max(state.nextUserId, user.id + 1) };
    }
    case 'DemoFundsGranted':
      return { ...state, grants: [...state.grants, event.grant] };
    case 'CodeIssued': {
      const key = addressKey(event.channel, event.address);
      // Addresses whose last send is over an hour old leave the table (their sends no longer count
      // against the hourly limit), so it holds only the last hour's addresses, not every one ever.
      const sends = new Map(
        [...state.sends].filter(([, times]) => times.some((time) => event.at - time < HOUR_MS)),
      ).set(key, [...(state.sends.get(key) ?? []).filter((time) => event.at - time < HOUR_MS), event.at]);
      // Expired codes leave the state whenever a new one is sent, so it never grows without bound.
      const codes = new Map([...state.codes].filter(([, issued]) => issued.expiresAt > event.at));
      // A notice (hash '') is kept too, so wrong tries for an unknown address count like any other.
      codes.set(codeKey(event.channel, event.address, event.purpose), {
        hash: event.codeHash,
        salt: event.salt,
        issuedAt: event.at,
        expiresAt: event.expiresAt,
        wrong: 0,
      });
      return { ...state, sends, codes };
    }
    case 'CodeTried': {
      const issued = state.codes.get(event.key);
      if (!issued) return state;
      const codes = new Map(state.codes);
      const wrong = issued.wrong + 1;
      if (wrong >= CODE_MAX_TRIES) codes.delete(event.key);
      else codes.set(event.key, { ...issued, wrong });
      return { ...state, codes };
    }
    case 'LoginFailed': {
      // Records of a long quiet spell are forgotten, so the table never grows without bound.
      const loginFailures = new Map(
        [...state.loginFailures].filter(
          ([, record]) => currentRecord(record, event.at, PASSWORD_BACKOFF) !== undefined,
        ),
      );
      loginFailures.set(event.key, recordFailure(loginFailures.get(event.key), event.at, PASSWORD_BACKOFF));
      return { ...state, loginFailures };
    }
    case 'SecretsHashed':
      return state;
    case 'CodeUsed': {
      const codes = new Map(state.codes);
      codes.delete(event.key);
      return { ...state, codes };
    }
    case 'SessionStarted': {
      const sessions = new Map([...state.sessions].filter(([, session]) => session.expiresAt > event.at));
      sessions.set(event.tokenHash, {
        userId: event.userId,
        expiresAt: event.expiresAt,
        startedAt: event.at,
        agent: event.agent ?? '',
        address: event.address ?? '',
      });
      // The right password: the account's count of wrong ones starts again.
      const loginFailures = new Map(state.loginFailures);
      loginFailures.delete(userFailureKey(event.userId));
      return { ...state, sessions, loginFailures };
    }
    case 'SessionEnded': {
      const sessions = new Map(state.sessions);
      sessions.delete(event.tokenHash);
      return { ...state, sessions };
    }
    case 'SessionsRevoked': {
      const sessions = new Map(
        [...state.sessions].filter(
          // `keep` is a token hash; logs from before hashing recorded the token itself.
          ([hash, session]) =>
            session.userId !== event.userId ||
            (event.keep !== null && (hash === event.keep || hash === tokenHash(event.keep))),
        ),
      );
      return { ...state, sessions };
    }
    case 'PasswordChanged':
      return updateUser(state, event.userId, (user) => ({ ...user, password: event.password }));
    case 'PayPasswordSet':
      return updateUser(state, event.userId, (user) => ({ ...user, payPassword: event.password }));
    case 'RealNameSubmitted':
      return updateUser(state, event.userId, (user) => ({
        ...user,
        realName: {
          status: REVIEW_STATUS_PENDING,
          name: event.name,
          cardId: event.cardId,
          frontPic: event.frontPic,
          backPic: event.backPic,
          submittedAt: event.at,
        },
      }));
    case 'RealNameApproved':
      return updateUser(state, event.userId, (user) =>
        user.realName ? { ...user, realName: { ...user.realName, status: REVIEW_STATUS_APPROVED } } : user,
      );
    case 'ImageUploaded':
      return { ...state, uploads: new Map(state.uploads).set(event.upload.id, event.upload) };
    case 'PayMethodSaved':
      return updateUser(state, event.userId, (user) => ({
        ...user,
        payMethods: { ...user.payMethods, [event.methodType]: event.raw },
      }));
    case 'EmailBound': {
      const previous = state.users.get(event.userId)?.email;
      const addresses = new Map(state.addresses);
      if (previous) addresses.delete(addressKey('email', previous));
      addresses.set(addressKey('email', event.email), event.userId);
      return updateUser({ ...state, addresses }, event.userId, (user) => ({ ...user, email: event.email }));
    }
    case 'AllowListSet':
      return updateUser(state, event.userId, (user) => ({ ...user, allowList: event.on }));
    case 'TwoFactorStarted':
      return updateUser(state, event.userId, (user) => ({ ...user, twoFactorPending: event.sealed }));
    case 'TwoFactorEnabled':
      return updateUser(state, event.userId, (user) => {
        const { twoFactorPending, ...rest } = user;
        if (twoFactorPending === undefined) return user;
        return {
          ...rest,
          twoFactor: { sealed: twoFactorPending, lastStep: event.step, recovery: event.recovery },
        };
      });
    case 'TotpStepUsed':
      return updateUser(state, event.userId, (user) =>
        user.twoFactor ? { ...user, twoFactor: { ...user.twoFactor, lastStep: event.step } } : user,
      );
    case 'RecoveryCodeUsed':
      return updateUser(state, event.userId, (user) =>
        user.twoFactor
          ? {
              ...user,
              twoFactor: {
                ...user.twoFactor,
                recovery: user.twoFactor.recovery.filter((code) => code.hash !== event.hash),
              },
            }
          : user,
      );
    case 'TwoFactorDisabled':
      return updateUser(state, event.userId, (user) => {
        const { twoFactor: _off, ...rest } = user;
        return rest;
      });
    case 'AntiPhishingSet':
      return updateUser(state, event.userId, (user) => ({ ...user, antiPhishing: event.phrase }));
    case 'FeedbackSubmitted': {
      const record = {
        id: event.id,
        userId: event.userId,
        type: event.kind,
        title: event.title,
        content: event.content,
        at: event.at,
      };
      const mine = state.feedback.filter((item) => item.userId === event.userId);
      const drop = mine.length >= policy.feedbackKept ? mine[0]?.id : undefined;
      return {
        ...state,
        feedback: [...state.feedback.filter((item) => item.id !== drop), record],
        nextFeedbackId: event.id + 1,
      };
    }
  }
}

/** The accounts aggregate under a policy (durations and limits); see policy.ts. */
export function accountsAggregate(policy: Policy): Aggregate<AccountsState, AccountCommand, AccountEvent> {
  return {
    initial: initialAccountsState,
    decide: (state, command) => decide(policy, state, command),
    evolve: (state, event) => evolve(policy, state, event),
  };
}
