import type { Aggregate, Decision } from '../../store/aggregate.ts';
import type { AccountCommand } from './commands.ts';
import { issueCode } from './decide/codes.ts';
import type { Decider } from './decide/decision.ts';
import { HOUR_MS } from './decide/lookups.ts';
import { changePassword, resetPassword, setPayPassword } from './decide/passwords.ts';
import { bindEmail, recordUpload, savePayMethod, submitFeedback } from './decide/profile.ts';
import { approveDueReviews, submitRealName } from './decide/real-name.ts';
import { endSession, startSession } from './decide/sessions.ts';
import { register, seedDemo } from './decide/sign-up.ts';
import type { AccountEvent } from './events.ts';
import type { Policy } from './policy.ts';
import { addressKey, codeKey, initialAccountsState, type AccountsState, type UserRecord } from './state.ts';
import { REVIEW_STATUS_APPROVED, REVIEW_STATUS_PENDING } from '../../../domain/contract-codes.ts';

/** Each command's decision lives in decide/, grouped by concept; this table is the whole of decide(). */
const DECIDERS: { [K in AccountCommand['kind']]: Decider<K> } = {
  register,
  seedDemo,
  issueCode,
  startSession,
  endSession,
  changePassword,
  resetPassword,
  setPayPassword,
  submitRealName,
  approveDueReviews,
  recordUpload,
  savePayMethod,
  bindEmail,
  submitFeedback,
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

function evolve(policy: Policy, state: AccountsState, event: AccountEvent): AccountsState {
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
      if (event.code !== '') {
        codes.set(codeKey(event.channel, event.address, event.purpose), {
          code: event.code,
          issuedAt: event.at,
          expiresAt: event.expiresAt,
        });
      }
      return { ...state, sends, codes };
    }
    case 'CodeUsed': {
      const codes = new Map(state.codes);
      codes.delete(event.key);
      return { ...state, codes };
    }
    case 'SessionStarted': {
      const sessions = new Map([...state.sessions].filter(([, session]) => session.expiresAt > event.at));
      sessions.set(event.token, { userId: event.userId, expiresAt: event.expiresAt });
      return { ...state, sessions };
    }
    case 'SessionEnded': {
      const sessions = new Map(state.sessions);
      sessions.delete(event.token);
      return { ...state, sessions };
    }
    case 'SessionsRevoked': {
      const sessions = new Map(
        [...state.sessions].filter(
          ([token, session]) => session.userId !== event.userId || token === event.keep,
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
