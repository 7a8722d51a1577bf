import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FEEDBACK_CONTENT_MAX,
  FEEDBACK_CONTENT_MIN,
  FEEDBACK_TYPES,
  validateFeedback,
} from '../../../../src/domain/validation/feedback.ts';
import {
  IMAGE_MAX_BYTES,
  IMAGE_TYPES,
  imageProblem,
  sniffImageType,
} from '../../../../src/domain/validation/image.ts';
import {
  PAY_METHOD_FIELDS,
  pickPayMethodFields,
  validatePayMethod,
  type PayMethodFields,
} from '../../../../src/domain/validation/pay-method.ts';
import { isCardId, validateRealName } from '../../../../src/domain/validation/real-name.ts';
import { safeReturnPath } from '../../../../src/domain/validation/return-path.ts';

describe('feedback', () => {
  it('needs a known type, a title, and 10 to 2000 characters of content (trimmed, runs of white space as one)', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: -1, max: 6 }), { nil: null }),
        fc.string({ maxLength: 3 }),
        fc.string({ unit: 'grapheme', maxLength: 30 }),
        (type, title, content) => {
          const problem = validateFeedback({ type, title, content });
          const length = [...content.trim().replace(/\s+/gu, ' ')].length;
          if (!(FEEDBACK_TYPES as readonly (number | null)[]).includes(type)) {
            expect(problem?.code).toBe('emptyType');
            return;
          }
          if (title.trim() === '') {
            expect(problem?.code).toBe('emptyTitle');
            return;
          }
          expect(problem?.code ?? null).toBe(length < FEEDBACK_CONTENT_MIN ? 'shortContent' : null);
        },
      ),
    );
    expect(validateFeedback({ type: 1, title: 'x', content: '名字名字名字名字名字' })).toBeNull();
    expect(validateFeedback({ type: 1, title: 'x', content: `a${' '.repeat(9)}b` })?.code).toBe(
      'shortContent',
    );
    fc.assert(
      fc.property(
        fc.array(
          fc.string({ minLength: 1, maxLength: 3 }).filter((w) => !/\s/u.test(w)),
          { maxLength: 8 },
        ),
        fc.array(fc.constantFrom(' ', '  ', '\t', '\n\n', ' \u3000 '), { minLength: 8, maxLength: 8 }),
        (words, gaps) => {
          // However much white space sits between the words, the verdict is that of single spaces.
          const single = validateFeedback({ type: 1, title: 'x', content: words.join(' ') });
          const padded = validateFeedback({
            type: 1,
            title: 'x',
            content: words.map((w, i) => w + gaps[i]).join(''),
          });
          expect(padded?.code ?? null).toBe(single?.code ?? null);
        },
      ),
    );
    expect(
      validateFeedback({ type: 1, title: 'x', content: 'a'.repeat(FEEDBACK_CONTENT_MAX + 1) })?.code,
    ).toBe('longContent');
  });
});

describe('real name', () => {
  it('needs a name, an ID number, and both photos, in that order', () => {
    const ok = { name: 'Ada Lovelace', cardId: 'AB1234567', frontPic: 'blob:1', backPic: 'blob:2' };
    expect(validateRealName(ok)).toBeNull();
    expect(validateRealName({ ...ok, name: ' ' })?.code).toBe('emptyName');
    expect(validateRealName({ ...ok, cardId: '' })?.code).toBe('emptyCardId');
    expect(validateRealName({ ...ok, cardId: 'A-' })?.code).toBe('badCardId');
    expect(validateRealName({ ...ok, frontPic: '' })?.code).toBe('emptyFront');
    expect(validateRealName({ ...ok, backPic: '' })?.code).toBe('emptyBack');
  });

  it('accepts ID numbers of 4 to 32 letters and digits with single hyphens', () => {
    fc.assert(fc.property(fc.stringMatching(/^[A-Z0-9]{4,32}$/), (id) => isCardId(id)));
    fc.assert(fc.property(fc.stringMatching(/^[A-Z0-9]{0,3}$/), (id) => !isCardId(id)));
    expect(isCardId('12-34-56')).toBe(true);
    expect(isCardId('12--34')).toBe(false);
  });
});

describe('collection methods (spec §5 receiving method)', () => {
  const fields = fc.record<PayMethodFields>({
    real_name: fc.constantFrom('', 'Ada'),
    account: fc.constantFrom('', 'ada@alipay'),
    qrcode: fc.constantFrom('', 'blob:qr'),
    bank_name: fc.constantFrom('', 'Bank'),
    card_no: fc.constantFrom('', '12', '6222 0000 1111 2222'),
    bank_address: fc.constantFrom('', 'Central'),
  });

  it('alipay and wxpay need real name, account, QR code; bank needs real name, bank, branch, card', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('alipay' as const, 'wxpay' as const, 'bank' as const),
        fields,
        (code, values) => {
          const problem = validatePayMethod(code, values);
          const missing = PAY_METHOD_FIELDS[code].find((field) => values[field].trim() === '');
          if (missing) {
            expect(problem?.field).toBe(missing);
            return;
          }
          if (code === 'bank' && values.card_no === '12') {
            expect(problem?.code).toBe('badCardNo');
            return;
          }
          expect(problem).toBeNull();
        },
      ),
    );
  });

  it('keeps only the fields of the kind, with the card number without spaces', () => {
    const all = {
      real_name: ' Ada ',
      account: 'a',
      qrcode: 'q',
      bank_name: 'B',
      card_no: '6222 0000 1111',
      bank_address: 'C',
    };
    expect(pickPayMethodFields('alipay', all)).toEqual({ real_name: 'Ada', account: 'a', qrcode: 'q' });
    expect(pickPayMethodFields('bank', all)).toEqual({
      real_name: 'Ada',
      bank_name: 'B',
      bank_address: 'C',
      card_no: '622200001111',
    });
  });
});

describe('images', () => {
  it('allows raster types up to 5 MB and nothing else', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...IMAGE_TYPES),
        fc.integer({ min: 1, max: IMAGE_MAX_BYTES }),
        (type, size) => imageProblem(type, size) === null,
      ),
    );
    expect(imageProblem('image/svg+xml', 10)).toBe('imageType');
    expect(imageProblem('', 10)).toBe('imageType');
    expect(imageProblem('image/png', 0)).toBe('imageSize');
    expect(imageProblem('image/png', IMAGE_MAX_BYTES + 1)).toBe('imageSize');
  });

  it('tells the format from the first bytes, whatever the name says', () => {
    const bytes = (...values: number[]) => new Uint8Array([...values, ...new Array(12).fill(0)]);
    expect(sniffImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffImageType(bytes(0x47, 0x49, 0x46, 0x38, 0x39, 0x61))).toBe('image/gif');
    expect(sniffImageType(new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50]))).toBe(
      'image/webp',
    );
    expect(sniffImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 12, maxLength: 12 }), (head) => {
        const type = sniffImageType(head);
        return type === null || (IMAGE_TYPES as readonly string[]).includes(type);
      }),
    );
  });
});

describe('the return path after login', () => {
  it('follows only paths inside the app', () => {
    fc.assert(
      fc.property(fc.webPath(), (path) => {
        const target = safeReturnPath(path);
        return target === '/home' || (target.startsWith('/') && !target.startsWith('//'));
      }),
    );
    fc.assert(fc.property(fc.webUrl(), (url) => safeReturnPath(url) === '/home'));
    expect(safeReturnPath('/personal/authentication?x=1')).toBe('/personal/authentication?x=1');
    for (const bad of [
      null,
      '',
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      '/login?redirect=/x',
      '/register',
      '/register?redirect=/x',
      '/login#top',
    ]) {
      expect(safeReturnPath(bad)).toBe('/home');
    }
  });
});
