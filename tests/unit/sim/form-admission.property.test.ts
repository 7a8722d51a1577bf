import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callByPath } from '../../../src/api/catalogue.ts';
import { admit, isEnvelope } from '../../../src/sim/strict-input.ts';

/**
 * Issue 18 item 5, at the transport-independent admission (src/sim/strict-input.ts): the family's
 * clients send login and register form-urlencoded (every value a string, optional fields as empty
 * strings), GETs with a `t=<ms>` cache-buster, and cancel as GET `?id=`. What the Node HTTP layer
 * parses from such a request (a record of strings) must admit to exactly what the same call sent as
 * JSON admits to.
 */
const t = (key: string) => key;

function admitted(method: string, path: string, payload: Record<string, unknown>) {
  const result = admit(
    { method, path, payload, headers: { lang: 'en', authorization: '' } },
    callByPath(path),
    t,
  );
  return isEnvelope(result) ? { refused: result.msg } : result.payload;
}

/** A payload as a form (or a query string) carries it: strings only; absent optional fields empty. */
function asForm(payload: Record<string, unknown>, optional: readonly string[]): Record<string, string> {
  const form: Record<string, string> = {};
  for (const key of optional) form[key] = '';
  for (const [key, value] of Object.entries(payload)) if (value !== undefined) form[key] = String(value);
  return form;
}

const word = fc.stringMatching(/^[a-z0-9]{1,12}$/);
const email = fc.tuple(word, word).map(([user, host]) => `${user}@${host}.example`);

describe('form-urlencoded and query payloads admit as their JSON twins (property)', () => {
  it('user/login', () => {
    fc.assert(
      fc.property(
        email,
        word,
        fc.option(fc.stringMatching(/^\d{6}$/), { nil: undefined }),
        fc.option(fc.integer({ min: 1, max: 300 }), { nil: undefined }),
        fc.integer({ min: 0, max: 2 ** 40 }),
        (account, password, sms_code, country_code, cacheBuster) => {
          const json = { account, password, login_type: 'email', sms_code, country_code };
          const form = { ...asForm(json, ['sms_code', 'country_code']), t: String(cacheBuster) };
          const expected = admitted('POST', 'user/login', json);
          expect(expected).not.toHaveProperty('refused');
          // An empty sms_code stays '' (a text field may be empty); an empty country_code is absent.
          const fromForm = admitted('POST', 'user/login', form);
          expect(fromForm).toEqual({ ...(expected as object), sms_code: sms_code ?? '' });
        },
      ),
    );
  });

  it('user/register', () => {
    fc.assert(
      fc.property(
        email,
        word,
        fc.option(fc.stringMatching(/^[A-Z0-9]{6,8}$/), { nil: undefined }),
        fc.option(fc.integer({ min: 1, max: 300 }), { nil: undefined }),
        (account, password, invite_code, area_id) => {
          const json = {
            account,
            password,
            re_password: password,
            invite_code,
            area_id,
            sms_code: '123456',
            type: 'email',
          };
          const form = asForm(json, ['invite_code', 'area_id']);
          expect(admitted('POST', 'user/register', form)).toEqual(admitted('POST', 'user/register', json));
        },
      ),
    );
  });

  it('tx_in/cancel and tx_out/cancel by GET ?id=&t= admit as the POST', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 40 }),
        fc.constantFrom('tx_in/cancel', 'tx_out/cancel'),
        (id, path) => {
          const post = admitted('POST', path, { id });
          expect(post).toEqual({ id });
          expect(admitted('GET', path, { id: String(id), t: '1732400000000' })).toEqual(post);
        },
      ),
    );
  });

  it('what a form cannot mean is still refused', () => {
    const login = { account: 'a@b.example', password: 'x', login_type: 'email' };
    for (const country_code of ['x', '1.5', ' 1', '+1', '0x10']) {
      expect(admitted('POST', 'user/login', { ...login, country_code }), country_code).toHaveProperty(
        'refused',
      );
    }
    expect(admitted('POST', 'user/login', { ...login, login_type: '' })).toHaveProperty('refused');
    for (const id of ['', '1.5', 'abc', '1e3']) {
      expect(admitted('GET', 'tx_in/cancel', { id }), id).toHaveProperty('refused');
    }
    // Only the calls marked alsoGet are served by GET.
    expect(admitted('GET', 'tx_in/add', { currency_match_id: '1', number: '1' })).toEqual({
      refused: 'wrongMethod',
    });
    expect(admitted('GET', 'user/login', login)).toEqual({ refused: 'wrongMethod' });
  });
});
