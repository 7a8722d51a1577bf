import type { AccountEvent } from '../events.ts';
import { codeHash } from '../secret-hash.ts';
import { DEMO_GRANT, type Policy } from '../policy.ts';
import { addressKey, type AccountsState, type Channel, type UserRecord } from '../state.ts';

export const HOUR_MS = 60 * 60_000;

/** The code sent for `key` is `code` and still valid at `at`. A notice (hash '') never matches. */
export function codeMatches(state: AccountsState, key: string, code: string, at: number): boolean {
  const issued = state.codes.get(key);
  return (
    issued !== undefined &&
    issued.hash !== '' &&
    at < issued.expiresAt &&
    issued.hash === codeHash(code, issued.salt)
  );
}

/** The user's addresses that a code for them may have been sent to. */
export function addressesOf(user: UserRecord): Array<{ channel: Channel; address: string }> {
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

export function userByAddress(
  state: AccountsState,
  channel: Channel,
  address: string,
): UserRecord | undefined {
  const id = state.addresses.get(addressKey(channel, address));
  return id === undefined ? undefined : state.users.get(id);
}

export function newUser(
  state: AccountsState,
  fields: Pick<UserRecord, 'email' | 'mobile' | 'areaId' | 'password' | 'inviteCode' | 'invitedBy'> &
    Pick<UserRecord, 'authorizationCode' | 'isSeller' | 'createdAt'>,
): UserRecord {
  return { id: state.nextUserId, payPassword: null, realName: null, payMethods: {}, ...fields };
}

export function grantFor(userId: number, at: number): AccountEvent {
  return { type: 'DemoFundsGranted', at, grant: { userId, account: 'change', lines: DEMO_GRANT, at } };
}
