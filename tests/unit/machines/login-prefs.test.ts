// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  persistLogin,
  readRememberedLogin,
  readSignedInAccount,
  type SignedIn,
} from '../../../src/machines/login-prefs.ts';

const signedIn = (remember: boolean): SignedIn => ({
  token: 't'.repeat(64),
  uid: 10_002,
  isSeller: 0,
  account: 'ada@example.com',
  tab: 'email',
  areaId: null,
  remember,
});

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('what a login leaves in localStorage (issue 10 item 5)', () => {
  it('keeps the account with "remember me"', () => {
    persistLogin(signedIn(true));
    expect(localStorage.getItem('account')).toBe('ada@example.com');
    expect(readRememberedLogin()?.account).toBe('ada@example.com');
    expect(readSignedInAccount()).toBe('ada@example.com');
  });

  it('removes the account from localStorage when "remember me" is off, even one remembered before', () => {
    persistLogin(signedIn(true));
    persistLogin(signedIn(false));
    expect(localStorage.getItem('account')).toBeNull();
    expect(Object.values({ ...localStorage })).not.toContain('ada@example.com');
    expect(readRememberedLogin()).toBeNull();
    // This tab still shows who is signed in; the tab's storage dies with it.
    expect(readSignedInAccount()).toBe('ada@example.com');
  });
});
