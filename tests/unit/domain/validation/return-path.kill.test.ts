import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeReturnPath } from '../../../../src/domain/validation/return-path.ts';

/**
 * The open-redirect guard (spec §5, login `redirect`): only a path inside this app is followed.
 * The rule, piece by piece: a single leading slash, no "//" or "/\" (protocol-relative URLs to
 * another host), no control character and no backslash anywhere, and never the login page itself
 * (that would loop). Everything else that is refused falls back to the caller's fallback.
 */

/** Characters a harmless in-app path may hold (no slash at the start is added by the generator). */
const pathChar = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-_.~?=&%#'.split(''));
const segment = fc.string({ unit: pathChar, minLength: 1, maxLength: 8 });
/** "/seg/seg..." whose first segment is not "login" (the login page is refused on purpose). */
const inAppPath = fc
  .array(segment, { minLength: 1, maxLength: 4 })
  .filter((segments) => !segments[0]!.startsWith('login'))
  .map((segments) => `/${segments.join('/')}`);

describe('safeReturnPath: what it follows', () => {
  it('follows every plain in-app path unchanged', () => {
    fc.assert(fc.property(inAppPath, (path) => safeReturnPath(path) === path));
  });

  it('follows a path with a space (a space is not a control character)', () => {
    expect(safeReturnPath('/news/search?q=a b')).toBe('/news/search?q=a b');
  });

  it('follows pages whose names only begin like the login page', () => {
    for (const path of ['/loginhelp', '/logins', '/personal/login', '/home?from=/login']) {
      expect(safeReturnPath(path)).toBe(path);
    }
  });

  it('follows the root path', () => {
    expect(safeReturnPath('/')).toBe('/');
  });
});

describe('safeReturnPath: what it refuses', () => {
  const fallback = '/trade';

  it('uses /home when no fallback is given, and the given fallback otherwise', () => {
    expect(safeReturnPath(undefined)).toBe('/home');
    expect(safeReturnPath(null, fallback)).toBe(fallback);
    expect(safeReturnPath(undefined, fallback)).toBe(fallback);
    expect(safeReturnPath('', fallback)).toBe(fallback);
  });

  it('refuses anything that does not start with a slash', () => {
    fc.assert(
      fc.property(
        inAppPath,
        fc.constantFrom('', 'http:', 'https:', 'javascript:', 'evil.example', ' '),
        (path, prefix) => {
          const relative = `${prefix}${path.slice(1)}`;
          fc.pre(!relative.startsWith('/'));
          return safeReturnPath(relative, fallback) === fallback;
        },
      ),
    );
    expect(safeReturnPath('home', fallback)).toBe(fallback);
  });

  it('refuses protocol-relative paths ("//host" and "/\\host")', () => {
    fc.assert(
      fc.property(inAppPath, fc.constantFrom('/', '\\'), (path, second) => {
        return safeReturnPath(`/${second}${path.slice(1)}`, fallback) === fallback;
      }),
    );
  });

  it('refuses a control character or a backslash anywhere in the path', () => {
    const bad = fc.oneof(
      fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)),
      fc.constant('\\'),
    );
    fc.assert(
      fc.property(inAppPath, bad, fc.nat(), (path, char, at) => {
        const cut = 1 + (at % path.length); // after the leading slash, so only this rule applies
        return safeReturnPath(`${path.slice(0, cut)}${char}${path.slice(cut)}`, fallback) === fallback;
      }),
    );
    // Both ends of the control range.
    expect(safeReturnPath('/a\u0000', fallback)).toBe(fallback);
    expect(safeReturnPath('/a\u001f', fallback)).toBe(fallback);
    expect(safeReturnPath('/a\tb', fallback)).toBe(fallback);
  });

  it('refuses the login page itself, with a query or below it', () => {
    for (const path of ['/login', '/login?redirect=/trade', '/login/', '/login/x']) {
      expect(safeReturnPath(path, fallback)).toBe(fallback);
    }
  });
});
