import type { AccountKind } from '../domain/validation/account.ts';
import { readPref, writePref } from './local-prefs.ts';
import type { Flag } from '../domain/contract-codes.ts';

/** What "remember me" brings back on the next visit: account, country and tab, never the password. */
export interface RememberedLogin {
  tab: AccountKind;
  account: string;
  areaId: number | null;
}

export interface SignedIn {
  token: string;
  uid: number | null;
  isSeller: Flag;
  account: string;
  tab: AccountKind;
  areaId: number | null;
  remember: boolean;
}

const TAB_INDEX: Record<AccountKind, string> = { email: '0', mobile: '1' };

function readAreaId(): number | null {
  const stored = Number(readPref('countryId'));
  return Number.isInteger(stored) && stored > 0 ? stored : null;
}

/** The remembered login, when the user ticked "remember me" last time. */
export function readRememberedLogin(): RememberedLogin | null {
  if (readPref('remember') !== '1') return null;
  return {
    tab: readPref('loginTab') === TAB_INDEX.mobile ? 'mobile' : 'email',
    account: readPref('account') ?? '',
    areaId: readAreaId(),
  };
}

/** The country chosen last (register and login share it), for phone tabs. */
export function readCountryId(): number | null {
  return readAreaId();
}

/**
 * Spec §7: on login success the token, account, country id, remember flag and tab index are stored
 * (uid and is_seller too: the header reads them). The password is never stored: the browser's
 * password manager does that job through the fields' autocomplete attributes (DESIGN.md).
 */
export function persistLogin(result: SignedIn): void {
  // The account stays in localStorage only with "remember me"; otherwise it lasts as long
  // as this tab's session, for the account menu, and is gone when the tab closes.
  writePref('account', result.remember ? result.account : null);
  writeTabAccount(result.remember ? null : result.account);
  writePref('uid', result.uid === null ? null : String(result.uid));
  writePref('isSeller', String(result.isSeller));
  writePref('remember', result.remember ? '1' : '0');
  writePref('loginTab', result.remember ? TAB_INDEX[result.tab] : null);
  if (result.areaId !== null) writePref('countryId', String(result.areaId));
}

/**
 * The account a registration just created, as /register hands it to /login (router state): the
 * login form starts on its tab with it filled in. Anything else in the state is ignored.
 */
export function readRegisteredLogin(state: unknown): RememberedLogin | null {
  if (typeof state !== 'object' || state === null) return null;
  const { account, tab, areaId } = state as Record<string, unknown>;
  if (typeof account !== 'string' || account === '' || account.length > 100) return null;
  if (tab !== 'email' && tab !== 'mobile') return null;
  const area = typeof areaId === 'number' && Number.isInteger(areaId) && areaId > 0 ? areaId : null;
  return { tab, account, areaId: tab === 'mobile' ? area : null };
}

const TAB_ACCOUNT = 'account';

function tabStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function writeTabAccount(account: string | null): void {
  try {
    if (account === null) tabStorage()?.removeItem(TAB_ACCOUNT);
    else tabStorage()?.setItem(TAB_ACCOUNT, account);
  } catch {
    // Blocked storage: the account menu shows no account name.
  }
}

/** The signed-in account to show: the remembered one, or this tab's when "remember me" was off. */
export function readSignedInAccount(): string {
  try {
    return readPref('account') ?? tabStorage()?.getItem(TAB_ACCOUNT) ?? '';
  } catch {
    return '';
  }
}
