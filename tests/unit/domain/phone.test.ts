import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { displayPhone } from '../../../src/domain/phone.ts';

describe('displayPhone', () => {
  it('property: a bound number is shown as +<code> <number>, and the number is never changed', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9]\d{0,3}$/), fc.stringMatching(/^\d{6,15}$/), (code, number) => {
        expect(displayPhone(code, number)).toBe(`+${code} ${number}`);
        expect(displayPhone(`+${code}`, number)).toBe(`+${code} ${number}`);
      }),
    );
  });

  it('shows the number alone without a dial code, and nothing without a number', () => {
    expect(displayPhone('', '13800138000')).toBe('13800138000');
    expect(displayPhone('86', '')).toBe('');
    expect(displayPhone('44', '7700900123')).toBe('+44 7700900123');
  });
});
