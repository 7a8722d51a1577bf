import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accountProblem,
  guessAccountKind,
  isEmail,
  isMobile,
  normalizeAccount,
  normalizeEmail,
  normalizeMobile,
} from '../../../../src/domain/validation/account.ts';

const digits = (min: number, max: number) =>
  fc.array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max }).map((list) => list.join(''));
const space = fc.constantFrom('', ' ', '  ', '\t');

describe('e-mail addresses', () => {
  it('accepts generated addresses up to 254 characters, whatever the surrounding spaces', () => {
    fc.assert(
      fc.property(fc.emailAddress(), space, space, (email, before, after) => {
        expect(isEmail(before + email + after)).toBe(email.length <= 254);
      }),
    );
  });

  it('rejects anything without exactly one @ between a local part and a dotted domain', () => {
    fc.assert(
      fc.property(
        fc.string().filter((text) => !text.includes('@')),
        (text) => !isEmail(text),
      ),
    );
    for (const bad of ['a@b', 'a@@b.co', '@b.co', 'a@.co', 'a@b..co', 'a b@c.co', 'a@b.c', 'a@b.c0']) {
      expect(isEmail(bad), bad).toBe(false);
    }
  });

  it('normalises to a trimmed lower-case address, idempotently', () => {
    fc.assert(
      fc.property(fc.emailAddress(), space, (email, pad) => {
        const once = normalizeEmail(pad + email.toUpperCase() + pad);
        expect(once).toBe(email.toLowerCase());
        expect(normalizeEmail(once)).toBe(once);
      }),
    );
  });
});

describe('mobile numbers', () => {
  it('accepts 6 to 15 digits, with spaces and hyphens between them', () => {
    fc.assert(
      fc.property(
        digits(6, 15),
        fc.array(fc.constantFrom(' ', '-'), { maxLength: 4 }),
        (number, separators) => {
          let spaced = number;
          separators.forEach((separator, index) => {
            const at = 1 + ((index * 3) % (number.length - 1));
            spaced = spaced.slice(0, at) + separator + spaced.slice(at);
          });
          expect(isMobile(spaced)).toBe(true);
          expect(normalizeMobile(spaced)).toBe(number);
        },
      ),
    );
  });

  it('rejects fewer than 6 or more than 15 digits, and any letter or plus sign', () => {
    fc.assert(fc.property(digits(0, 5), (number) => !isMobile(number)));
    fc.assert(fc.property(digits(16, 30), (number) => !isMobile(number)));
    fc.assert(
      fc.property(
        digits(6, 14),
        fc.constantFrom('a', 'Z', '+', '.', '#'),
        (number, intruder) => !isMobile(number + intruder),
      ),
    );
  });
});

describe('account problems (spec §5 messages)', () => {
  it('names an empty account by its tab, and a malformed one by its tab', () => {
    fc.assert(
      fc.property(space, (blank) => {
        expect(accountProblem('email', blank)).toBe('emptyEmail');
        expect(accountProblem('mobile', blank)).toBe('emptyPhone');
      }),
    );
    expect(accountProblem('email', 'nope')).toBe('pRightEmail');
    expect(accountProblem('mobile', '12ab')).toBe('pRightPhone');
  });

  it('finds no problem exactly when the format holds', () => {
    fc.assert(
      fc.property(fc.oneof(fc.emailAddress(), digits(0, 20), fc.string()), (value) => {
        expect(accountProblem('email', value) === null).toBe(isEmail(value));
        expect(accountProblem('mobile', value) === null).toBe(isMobile(value));
      }),
    );
  });

  it('guesses the tab of a prefilled account and normalises by kind', () => {
    fc.assert(fc.property(fc.emailAddress(), (email) => guessAccountKind(email) === 'email'));
    fc.assert(fc.property(digits(6, 15), (number) => guessAccountKind(number) === 'mobile'));
    expect(normalizeAccount('email', ' A@B.CO ')).toBe('a@b.co');
    expect(normalizeAccount('mobile', ' 138-0013 8000 ')).toBe('13800138000');
  });
});
