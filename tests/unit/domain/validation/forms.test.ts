import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateBindEmail } from '../../../../src/domain/validation/bind-email.ts';
import { validateChangePassword } from '../../../../src/domain/validation/change-password.ts';
import { codeProblem, isCode } from '../../../../src/domain/validation/code.ts';
import { validateForgotPassword } from '../../../../src/domain/validation/forgot-password.ts';
import { inviteCodeProblem, normalizeInviteCode } from '../../../../src/domain/validation/invite-code.ts';
import { validateLogin, type LoginInput } from '../../../../src/domain/validation/login.ts';
import { isStrongPassword } from '../../../../src/domain/validation/password.ts';
import { validateRegister, type RegisterInput } from '../../../../src/domain/validation/register.ts';
import { validateTradePassword } from '../../../../src/domain/validation/trade-password.ts';

/** Values that pass or fail each check with even odds, so every ordering gets exercised. */
const email = fc.constantFrom('', '  ', 'bad', 'x@y', 'ada@example.com', ' Ada@Example.COM ');
const mobile = fc.constantFrom('', '123', '12ab56', '13800138000', '+8613800138000', '090 1234 5678');
const password = fc.constantFrom('', 'short', 'alllettersonly', '12345678', 'Secret123', 'with space1');
const code = fc.constantFrom('', ' ', '12', 'abcdef', '123456', ' 654321 ');
const invite = fc.constantFrom('', '??', 'ab', 'TESSERA1', 'toolonginvitecode1');

describe('verification codes and invitation codes', () => {
  it('a code is six digits; empty is emptyCode, anything else badCode', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const expected = value.trim() === '' ? 'emptyCode' : isCode(value) ? null : 'badCode';
        expect(codeProblem(value)).toBe(expected);
      }),
    );
    fc.assert(fc.property(fc.integer({ min: 0, max: 999_999 }), (n) => isCode(String(n).padStart(6, '0'))));
  });

  it('the invitation code is optional, else 4 to 12 letters and digits, case-insensitive', () => {
    expect(inviteCodeProblem('')).toBeNull();
    expect(inviteCodeProblem('', true)).toBe('emptyInvite');
    expect(inviteCodeProblem('tessera1')).toBeNull();
    expect(normalizeInviteCode(' tessera1 ')).toBe('TESSERA1');
    expect(inviteCodeProblem('??')).toBe('badInvite');
  });
});

describe('login (spec §5): account, then password, then the code when required', () => {
  const input = fc.record({
    kind: fc.constantFrom('email' as const, 'mobile' as const),
    account: fc.oneof(email, mobile),
    password,
    smsCode: code,
    smsRequired: fc.boolean(),
  });

  it('reports the first failing check in the spec order', () => {
    fc.assert(
      fc.property(input, (login: LoginInput) => {
        const problem = validateLogin(login);
        const accountOk = validateLogin({ ...login, password: 'x', smsRequired: false }) === null;
        if (!accountOk) {
          expect(problem?.field).toBe('account');
          return;
        }
        if (login.password === '') {
          expect(problem).toEqual({ field: 'password', code: 'emptyPassword' });
          return;
        }
        if (login.smsRequired && codeProblem(login.smsCode)) {
          expect(problem?.field).toBe('smsCode');
          return;
        }
        expect(problem).toBeNull();
      }),
    );
  });

  it('never checks the strength of a login password (old accounts must still get in)', () => {
    expect(
      validateLogin({ kind: 'email', account: 'a@b.co', password: 'x', smsCode: '', smsRequired: false }),
    ).toBeNull();
  });
});

describe('register (spec §5): account, terms, code, password, invite, strength, confirmation', () => {
  const input = fc.record({
    kind: fc.constantFrom('email' as const, 'mobile' as const),
    account: fc.oneof(email, mobile),
    areaId: fc.option(fc.integer({ min: 1, max: 250 }), { nil: null }),
    code,
    password,
    password2: fc.oneof(password, fc.constant('')),
    inviteCode: invite,
    agreed: fc.boolean(),
  });

  it('reports the first failing check in the spec order', () => {
    fc.assert(
      fc.property(input, (register: RegisterInput) => {
        const problem = validateRegister(register);
        const order: Array<[string, boolean]> = [
          [
            'account',
            validateLogin({ ...register, smsCode: '', smsRequired: false, password: 'x' }) !== null,
          ],
          ['areaId', register.kind === 'mobile' && register.areaId === null],
          ['agreed', !register.agreed],
          ['code', codeProblem(register.code) !== null],
          ['password', register.password === ''],
          ['inviteCode', inviteCodeProblem(register.inviteCode) !== null],
          ['password', !isStrongPassword(register.password)],
          ['password2', register.password2 === '' || register.password2 !== register.password],
        ];
        const first = order.find(([, failing]) => failing);
        expect(problem?.field ?? null).toBe(first ? first[0] : null);
      }),
    );
  });

  it('uses the spec message names', () => {
    const ok: RegisterInput = {
      kind: 'email',
      account: 'ada@example.com',
      areaId: null,
      code: '123456',
      password: 'Secret123',
      password2: 'Secret123',
      inviteCode: '',
      agreed: true,
    };
    expect(validateRegister(ok)).toBeNull();
    expect(validateRegister({ ...ok, account: '' })?.code).toBe('emptyEmail');
    expect(validateRegister({ ...ok, kind: 'mobile', account: '12', areaId: 1 })?.code).toBe('pRightPhone');
    expect(validateRegister({ ...ok, agreed: false })?.code).toBe('agree');
    expect(validateRegister({ ...ok, code: '' })?.code).toBe('emptyCode');
    expect(validateRegister({ ...ok, password: '' })?.code).toBe('emptyPassword');
    expect(validateRegister({ ...ok, password: 'abcdefgh', password2: 'abcdefgh' })?.code).toBe('length');
    expect(validateRegister({ ...ok, password2: '' })?.code).toBe('enterPassword2');
    expect(validateRegister({ ...ok, password2: 'Secret124' })?.code).toBe('unlike');
  });
});

describe('the other account forms', () => {
  it('forgot password: account, code, password rule, confirmation', () => {
    const ok = {
      kind: 'email' as const,
      account: 'a@b.co',
      code: '123456',
      password: 'Fresh2026',
      password2: 'Fresh2026',
    };
    expect(validateForgotPassword(ok)).toBeNull();
    expect(validateForgotPassword({ ...ok, account: 'nope' })?.code).toBe('pRightEmail');
    expect(validateForgotPassword({ ...ok, code: '' })?.code).toBe('emptyCode');
    expect(validateForgotPassword({ ...ok, password: 'abc' })?.code).toBe('length');
    expect(validateForgotPassword({ ...ok, password2: 'x' })?.code).toBe('unlike');
  });

  it('change password: old, new (rule, and different), confirmation', () => {
    fc.assert(
      fc.property(password, password, password, (oldPassword, next, confirmation) => {
        const problem = validateChangePassword({ oldPassword, password: next, password2: confirmation });
        if (oldPassword === '') {
          expect(problem?.code).toBe('emptyOldPassword');
          return;
        }
        if (next === '') {
          expect(problem?.code).toBe('emptyPassword');
          return;
        }
        if (!isStrongPassword(next)) {
          expect(problem?.code).toBe('length');
          return;
        }
        if (next === oldPassword) {
          expect(problem?.code).toBe('samePassword');
          return;
        }
        if (confirmation === '') {
          expect(problem?.code).toBe('enterPassword2');
          return;
        }
        expect(problem?.code ?? null).toBe(confirmation === next ? null : 'unlike');
      }),
    );
  });

  it('trade password: password, confirmation, code', () => {
    const ok = { password: 'Trade123', password2: 'Trade123', code: '123456' };
    expect(validateTradePassword(ok)).toBeNull();
    expect(validateTradePassword({ ...ok, password2: 'Trade124' })?.code).toBe('unlike');
    expect(validateTradePassword({ ...ok, code: '12' })?.code).toBe('badCode');
  });

  it('bind e-mail: the format, then the code', () => {
    expect(validateBindEmail({ email: '', code: '' })?.code).toBe('emptyEmail');
    expect(validateBindEmail({ email: 'a@b', code: '' })?.code).toBe('pRightEmail');
    expect(validateBindEmail({ email: 'a@b.co', code: '' })?.code).toBe('emptyCode');
    expect(validateBindEmail({ email: 'a@b.co', code: '123456' })).toBeNull();
  });
});
