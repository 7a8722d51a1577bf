import type { Aggregate, Decision } from '../../store/aggregate.ts';
import type { AccountCommand } from './commands.ts';
import type { AccountEvent } from './events.ts';
import { DEMO_ACCOUNT, DEMO_GRANT, type Policy } from './policy.ts';
import {
  addressKey,
  codeKey,
  initialAccountsState,
  type AccountsState,
  type Channel,
  type UserRecord,
} from './state.ts';
import { PAY_METHOD_TYPES } from './pay-method-types.ts';

const HOUR_MS = 60 * 60_000;

/** Refusals are server message keys (locales, section "server"): the route translates them. */
export const REFUSALS = [
  'accountExists',
  'codeWrong',
  'codeTooSoon',
  'codeTooMany',
  'inviteUnknown',
  'inviteTaken',
  'userMissing',
  'reviewPending',
  'reviewDone',
  'uploadMissing',
  'payMethodUnknown',
  'emailTaken',
  'emailSame',
] as const;
type Refusal = (typeof REFUSALS)[number];

function refuse(error: Refusal): Decision<AccountEvent> {
  return { ok: false, error };
}

function accept(events: AccountEvent[], reply?: unknown): Decision<AccountEvent> {
  return { ok: true, events, reply };
}

/** The code sent for `key` is `code` and still valid at `at`. An empty code (a notice) never matches. */
function codeMatches(state: AccountsState, key: string, code: string, at: number): boolean {
  const issued = state.codes.get(key);
  return issued !== undefined && issued.code !== '' && issued.code === code && at < issued.expiresAt;
}

/** The user's addresses that a code for them may have been sent to. */
function addressesOf(user: UserRecord): Array<{ channel: Channel; address: string }> {
  const found: Array<{ channel: Channel; address: string }> = [];
  if (user.email) found.push({ channel: 'email', address: user.email });
  if (user.mobile) found.push({ channel: 'sms', address: user.mobile });
  return found;
}

/** Milliseconds until `address` may be sent another code (0 = now), and whether the hourly cap is hit. */
export function sendWait(
  state: AccountsState,
  policy: Policy,
  channel: Channel,
  address: string,
  at: number,
): { waitMs: number; capped: boolean } {
  const recent = (state.sends.get(addressKey(channel, address)) ?? []).filter((time) => at - time < HOUR_MS);
  const last = recent.at(-1);
  const waitMs = last === undefined ? 0 : Math.max(0, last + policy.codeIntervalMs - at);
  return { waitMs, capped: recent.length >= policy.codesPerHour };
}

function userByAddress(state: AccountsState, channel: Channel, address: string): UserRecord | undefined {
  const id = state.addresses.get(addressKey(channel, address));
  return id === undefined ? undefined : state.users.get(id);
}

function newUser(
  state: AccountsState,
  fields: Pick<UserRecord, 'email' | 'mobile' | 'areaId' | 'password' | 'inviteCode' | 'invitedBy'> &
    Pick<UserRecord, 'authorizationCode' | 'isSeller' | 'createdAt'>,
): UserRecord {
  return { id: state.nextUserId, payPassword: null, realName: null, payMethods: {}, ...fields };
}

function grantFor(userId: number, at: number): AccountEvent {
  return { type: 'DemoFundsGranted', at, grant: { userId, account: 'change', lines: DEMO_GRANT, at } };
}

function decide(policy: Policy, state: AccountsState, command: AccountCommand): Decision<AccountEvent> {
  switch (command.kind) {
    case 'register': {
      if (userByAddress(state, command.channel, command.address)) return refuse('accountExists');
      const key = codeKey(command.channel, command.address, 1);
      if (!codeMatches(state, key, command.code, command.at)) return refuse('codeWrong');
      let invitedBy: number | null = null;
      if (command.invitedWith !== '') {
        invitedBy = state.inviteCodes.get(command.invitedWith) ?? null;
        if (invitedBy === null) return refuse('inviteUnknown');
      }
      if (state.inviteCodes.has(command.newInviteCode)) return refuse('inviteTaken');
      const user = newUser(state, {
        email: command.channel === 'email' ? command.address : '',
        mobile: command.channel === 'sms' ? command.address : '',
        areaId: command.channel === 'sms' ? command.areaId : null,
        password: command.password,
        inviteCode: command.newInviteCode,
        invitedBy,
        authorizationCode: command.authorizationCode,
        isSeller: 0,
        createdAt: command.at,
      });
      return accept(
        [
          { type: 'UserRegistered', at: command.at, user },
          { type: 'CodeUsed', at: command.at, key },
          grantFor(user.id, command.at),
        ],
        user.id,
      );
    }
    case 'seedDemo': {
      const existing = userByAddress(state, 'email', command.email);
      if (existing) return accept([], existing.id);
      if (state.inviteCodes.has(command.inviteCode)) return refuse('inviteTaken');
      const user = newUser(state, {
        email: command.email,
        mobile: '',
        areaId: null,
        password: command.password,
        inviteCode: command.inviteCode,
        invitedBy: null,
        authorizationCode: command.authorizationCode,
        isSeller: DEMO_ACCOUNT.isSeller,
        createdAt: command.at,
      });
      return accept(
        [{ type: 'UserRegistered', at: command.at, user }, grantFor(user.id, command.at)],
        user.id,
      );
    }
    case 'issueCode': {
      const { waitMs, capped } = sendWait(state, policy, command.channel, command.address, command.at);
      if (capped) return refuse('codeTooMany');
      if (waitMs > 0) return refuse('codeTooSoon');
      return accept([
        {
          type: 'CodeIssued',
          at: command.at,
          channel: command.channel,
          address: command.address,
          purpose: command.purpose,
          code: command.code,
          expiresAt: command.at + policy.codeTtlMs,
        },
      ]);
    }
    case 'startSession': {
      if (!state.users.has(command.userId)) return refuse('userMissing');
      const events: AccountEvent[] = [];
      if (command.loginCode) {
        const { channel, address, code } = command.loginCode;
        const key = codeKey(channel, address, 5);
        if (!codeMatches(state, key, code, command.at)) return refuse('codeWrong');
        events.push({ type: 'CodeUsed', at: command.at, key });
      }
      events.push({
        type: 'SessionStarted',
        at: command.at,
        token: command.token,
        userId: command.userId,
        expiresAt: command.at + policy.sessionTtlMs,
      });
      return accept(events);
    }
    case 'endSession':
      return accept(
        state.sessions.has(command.token)
          ? [{ type: 'SessionEnded', at: command.at, token: command.token }]
          : [],
      );
    case 'changePassword':
      if (!state.users.has(command.userId)) return refuse('userMissing');
      return accept([
        { type: 'PasswordChanged', at: command.at, userId: command.userId, password: command.password },
        // Anyone who learnt the old password loses their session; this one stays.
        { type: 'SessionsRevoked', at: command.at, userId: command.userId, keep: command.keepToken },
      ]);
    case 'resetPassword': {
      const key = codeKey(command.channel, command.address, 2);
      const user = userByAddress(state, command.channel, command.address);
      // No account and a wrong code read the same: the form must not reveal who is registered.
      if (!user || !codeMatches(state, key, command.code, command.at)) return refuse('codeWrong');
      return accept([
        { type: 'PasswordChanged', at: command.at, userId: user.id, password: command.password },
        { type: 'CodeUsed', at: command.at, key },
        { type: 'SessionsRevoked', at: command.at, userId: user.id, keep: null },
      ]);
    }
    case 'setPayPassword': {
      const user = state.users.get(command.userId);
      if (!user) return refuse('userMissing');
      const key = addressesOf(user)
        .map(({ channel, address }) => codeKey(channel, address, 3))
        .find((candidate) => codeMatches(state, candidate, command.code, command.at));
      if (key === undefined) return refuse('codeWrong');
      return accept([
        { type: 'PayPasswordSet', at: command.at, userId: user.id, password: command.password },
        { type: 'CodeUsed', at: command.at, key },
      ]);
    }
    case 'submitRealName': {
      const user = state.users.get(command.userId);
      if (!user) return refuse('userMissing');
      if (user.realName?.status === 1) return refuse('reviewPending');
      if (user.realName?.status === 2) return refuse('reviewDone');
      for (const pic of [command.frontPic, command.backPic]) {
        if (state.uploads.get(pic)?.owner !== user.id) return refuse('uploadMissing');
      }
      return accept([
        {
          type: 'RealNameSubmitted',
          at: command.at,
          userId: user.id,
          name: command.name,
          cardId: command.cardId,
          frontPic: command.frontPic,
          backPic: command.backPic,
        },
      ]);
    }
    case 'approveDueReviews': {
      const events: AccountEvent[] = [];
      for (const user of state.users.values()) {
        const review = user.realName;
        if (review?.status !== 1) continue;
        const due = review.submittedAt + policy.reviewDelayMs;
        // Recorded at the moment it fell due, not when someone happened to look.
        if (due <= command.at) events.push({ type: 'RealNameApproved', at: due, userId: user.id });
      }
      return accept(events);
    }
    case 'recordUpload':
      if (!state.users.has(command.upload.owner)) return refuse('userMissing');
      return accept([{ type: 'ImageUploaded', at: command.at, upload: command.upload }]);
    case 'savePayMethod': {
      const user = state.users.get(command.userId);
      if (!user) return refuse('userMissing');
      if (!PAY_METHOD_TYPES.some((type) => type.id === command.methodType)) return refuse('payMethodUnknown');
      const qrcode = command.raw.qrcode;
      if (qrcode !== undefined && state.uploads.get(qrcode)?.owner !== user.id)
        return refuse('uploadMissing');
      return accept([
        {
          type: 'PayMethodSaved',
          at: command.at,
          userId: user.id,
          methodType: command.methodType,
          raw: command.raw,
        },
      ]);
    }
    case 'bindEmail': {
      const user = state.users.get(command.userId);
      if (!user) return refuse('userMissing');
      if (user.email === command.email) return refuse('emailSame');
      const owner = userByAddress(state, 'email', command.email);
      if (owner && owner.id !== user.id) return refuse('emailTaken');
      const key = codeKey('email', command.email, 4);
      if (!codeMatches(state, key, command.code, command.at)) return refuse('codeWrong');
      return accept([
        { type: 'EmailBound', at: command.at, userId: user.id, email: command.email },
        { type: 'CodeUsed', at: command.at, key },
      ]);
    }
    case 'submitFeedback':
      if (!state.users.has(command.userId)) return refuse('userMissing');
      return accept(
        [
          {
            type: 'FeedbackSubmitted',
            at: command.at,
            id: state.nextFeedbackId,
            userId: command.userId,
            kind: command.type,
            title: command.title,
            content: command.content,
          },
        ],
        state.nextFeedbackId,
      );
  }
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
      const sends = new Map(state.sends).set(key, [
        ...(state.sends.get(key) ?? []).filter((time) => event.at - time < HOUR_MS),
        event.at,
      ]);
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
          status: 1,
          name: event.name,
          cardId: event.cardId,
          frontPic: event.frontPic,
          backPic: event.backPic,
          submittedAt: event.at,
        },
      }));
    case 'RealNameApproved':
      return updateUser(state, event.userId, (user) =>
        user.realName ? { ...user, realName: { ...user.realName, status: 2 } } : user,
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
