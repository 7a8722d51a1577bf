import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  confirmProblem,
  isStrongPassword,
  passwordProblem,
} from '../../../../src/domain/validation/password.ts';

const printable = fc.constantFrom(
  ...Array.from({ length: 94 }, (_, index) => String.fromCharCode(0x21 + index)),
);
const letter = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ');
const digit = fc.constantFrom(...'0123456789');

/** A password that satisfies the rule: a letter, a digit, and printable filler, shuffled. */
const strong = fc
  .tuple(letter, digit, fc.array(printable, { minLength: 4, maxLength: 14 }), fc.nat())
  .map(([l, d, rest, seed]) => {
    const chars = [l, d, ...rest];
    for (let index = chars.length - 1; index > 0; index--) {
      const swap = (seed + index * 7919) % (index + 1);
      [chars[index], chars[swap]] = [chars[swap] as string, chars[index] as string];
    }
    return chars.join('');
  });

describe('the password rule', () => {
  it('accepts 6 to 16 printable characters with a letter and a digit', () => {
    fc.assert(
      fc.property(strong, (password) => isStrongPassword(password) && passwordProblem(password) === null),
    );
  });

  it('rejects a password that is too short or too long', () => {
    fc.assert(
      fc.property(strong, (password) => {
        expect(isStrongPassword(password.slice(0, PASSWORD_MIN_LENGTH - 1))).toBe(false);
        expect(isStrongPassword((password + password + password).padEnd(PASSWORD_MAX_LENGTH + 1, 'a1'))).toBe(
          false,
        );
      }),
    );
  });

  it('rejects all letters, all digits, and any whitespace ("too simple")', () => {
    fc.assert(
      fc.property(
        fc.array(letter, { minLength: 6, maxLength: 16 }),
        (chars) => !isStrongPassword(chars.join('')),
      ),
    );
    fc.assert(
      fc.property(
        fc.array(digit, { minLength: 6, maxLength: 16 }),
        (chars) => !isStrongPassword(chars.join('')),
      ),
    );
    fc.assert(
      fc.property(strong, fc.constantFrom(' ', '\t', '\n'), fc.nat(), (password, blank, at) => {
        const position = at % password.length;
        return !isStrongPassword(password.slice(0, position) + blank + password.slice(position + 1));
      }),
    );
  });

  it('names an empty password emptyPassword and a weak one register.length', () => {
    expect(passwordProblem('')).toBe('emptyPassword');
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        (password) => passwordProblem(password) === (isStrongPassword(password) ? null : 'length'),
      ),
    );
  });

  it('asks for the confirmation, then for it to be equal', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (password, confirmation) => {
        const expected = confirmation === '' ? 'enterPassword2' : confirmation === password ? null : 'unlike';
        expect(confirmProblem(password, confirmation)).toBe(expected);
      }),
    );
  });
});
