import { describe, expect, it } from 'vitest';
import { EMAIL_MAX_LENGTH, isEmail } from '../../../../src/domain/validation/account.ts';
import { validateBindEmail } from '../../../../src/domain/validation/bind-email.ts';
import { validateChangePassword } from '../../../../src/domain/validation/change-password.ts';
import { validateForgotPassword } from '../../../../src/domain/validation/forgot-password.ts';
import { IMAGE_MAX_BYTES, imageProblem, sniffImageType } from '../../../../src/domain/validation/image.ts';
import { isInviteCode } from '../../../../src/domain/validation/invite-code.ts';
import { validateRegister } from '../../../../src/domain/validation/register.ts';
import { collapseSpaces } from '../../../../src/domain/validation/text.ts';
import { validateTradePassword } from '../../../../src/domain/validation/trade-password.ts';

const PASSWORD = 'abc123';
const CODE = '123456';

describe('each form names the field its first problem is in', () => {
  it('bind e-mail', () => {
    expect(validateBindEmail({ email: '', code: CODE })).toEqual({ field: 'email', code: 'emptyEmail' });
    expect(validateBindEmail({ email: 'a@b.co', code: '' })).toEqual({ field: 'code', code: 'emptyCode' });
    expect(validateBindEmail({ email: 'a@b.co', code: CODE })).toBeNull();
  });

  it('change password', () => {
    const ok = { oldPassword: 'old123', password: PASSWORD, password2: PASSWORD };
    expect(validateChangePassword(ok)).toBeNull();
    expect(validateChangePassword({ ...ok, oldPassword: '' })).toEqual({
      field: 'oldPassword',
      code: 'emptyOldPassword',
    });
    expect(validateChangePassword({ ...ok, password: 'short' })).toEqual({
      field: 'password',
      code: 'length',
    });
    expect(validateChangePassword({ ...ok, oldPassword: PASSWORD })).toEqual({
      field: 'password',
      code: 'samePassword',
    });
    expect(validateChangePassword({ ...ok, password2: 'abc124' })).toEqual({
      field: 'password2',
      code: 'unlike',
    });
  });

  it('forgot password', () => {
    const ok = {
      kind: 'email' as const,
      account: 'a@b.co',
      code: CODE,
      password: PASSWORD,
      password2: PASSWORD,
    };
    expect(validateForgotPassword(ok)).toBeNull();
    expect(validateForgotPassword({ ...ok, account: 'x' })).toEqual({
      field: 'account',
      code: 'pRightEmail',
    });
    expect(validateForgotPassword({ ...ok, code: '12' })).toEqual({ field: 'code', code: 'badCode' });
    expect(validateForgotPassword({ ...ok, password: '' })).toEqual({
      field: 'password',
      code: 'emptyPassword',
    });
    expect(validateForgotPassword({ ...ok, password2: '' })).toEqual({
      field: 'password2',
      code: 'enterPassword2',
    });
  });

  it('register', () => {
    const ok = {
      kind: 'email' as const,
      account: 'a@b.co',
      areaId: null,
      code: CODE,
      password: PASSWORD,
      password2: PASSWORD,
      inviteCode: '',
      agreed: true,
    };
    expect(validateRegister(ok)).toBeNull();
    expect(validateRegister({ ...ok, kind: 'mobile', account: '13800138000' })).toEqual({
      field: 'areaId',
      code: 'emptyArea',
    });
    expect(validateRegister({ ...ok, kind: 'mobile', account: '13800138000', areaId: 1 })).toBeNull();
    expect(validateRegister({ ...ok, password: '' })).toEqual({ field: 'password', code: 'emptyPassword' });
    expect(validateRegister({ ...ok, password2: 'abc124' })).toEqual({ field: 'password2', code: 'unlike' });
  });

  it('trade password', () => {
    const ok = { password: PASSWORD, password2: PASSWORD, code: CODE };
    expect(validateTradePassword(ok)).toBeNull();
    expect(validateTradePassword({ ...ok, password: 'x' })).toEqual({ field: 'password', code: 'length' });
    expect(validateTradePassword({ ...ok, password2: 'y' })).toEqual({ field: 'password2', code: 'unlike' });
    expect(validateTradePassword({ ...ok, code: '' })).toEqual({ field: 'code', code: 'emptyCode' });
  });
});

describe('limits and shapes', () => {
  it('takes an e-mail address of exactly the maximum length, not one more', () => {
    const at = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;
    expect(at(EMAIL_MAX_LENGTH)).toHaveLength(EMAIL_MAX_LENGTH);
    expect(isEmail(at(EMAIL_MAX_LENGTH))).toBe(true);
    expect(isEmail(at(EMAIL_MAX_LENGTH + 1))).toBe(false);
  });

  it('takes an image of exactly the maximum size', () => {
    expect(imageProblem('image/png', IMAGE_MAX_BYTES)).toBeNull();
    expect(imageProblem('image/png', IMAGE_MAX_BYTES + 1)).toBe('imageSize');
  });

  it('knows WebP only by RIFF and WEBP both', () => {
    const riff = [0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0];
    expect(sniffImageType(Uint8Array.from([...riff, 0x57, 0x45, 0x42, 0x50]))).toBe('image/webp');
    // RIFF of another kind (WAVE audio), and a partly matching tag.
    expect(sniffImageType(Uint8Array.from([...riff, 0x57, 0x41, 0x56, 0x45]))).toBeNull();
    expect(sniffImageType(Uint8Array.from([...riff, 0x57, 0x45, 0x42, 0x00]))).toBeNull();
    expect(sniffImageType(Uint8Array.from([0, 0, 0, 0, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50]))).toBeNull();
  });

  it('takes invite codes of 4 to 12 letters and digits, nothing around them', () => {
    expect(isInviteCode('ab12')).toBe(true);
    expect(isInviteCode('-AB12')).toBe(false);
    expect(isInviteCode('AB12-')).toBe(false);
    expect(isInviteCode('A'.repeat(13))).toBe(false);
  });

  it('collapses runs of white space into one space', () => {
    expect(collapseSpaces(' a \t\n b ')).toBe('a b');
  });
});
