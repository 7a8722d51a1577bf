import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { securityLevel } from '../../../src/domain/security-level.ts';

describe('the security bar (spec §4)', () => {
  const facts = fc.record({ hasMobile: fc.boolean(), hasEmail: fc.boolean(), verified: fc.boolean() });

  it('starts at 50 and adds 25 per bound phone, bound e-mail and verification, up to 100', () => {
    fc.assert(
      fc.property(facts, (value) => {
        const count = [value.hasMobile, value.hasEmail, value.verified].filter(Boolean).length;
        expect(securityLevel(value).score).toBe(Math.min(100, 50 + 25 * count));
      }),
    );
  });

  it('labels 50 middle, 75 high, 100 strong', () => {
    expect(securityLevel({ hasMobile: false, hasEmail: false, verified: false })).toEqual({
      score: 50,
      label: 'middle',
    });
    expect(securityLevel({ hasMobile: false, hasEmail: true, verified: false })).toEqual({
      score: 75,
      label: 'high',
    });
    expect(securityLevel({ hasMobile: true, hasEmail: true, verified: false })).toEqual({
      score: 100,
      label: 'strong',
    });
    expect(securityLevel({ hasMobile: true, hasEmail: true, verified: true })).toEqual({
      score: 100,
      label: 'strong',
    });
  });

  it('never goes down when one more fact becomes true', () => {
    fc.assert(
      fc.property(
        facts,
        fc.constantFrom('hasMobile', 'hasEmail', 'verified') as fc.Arbitrary<'hasMobile'>,
        (value, key) => {
          expect(securityLevel({ ...value, [key]: true }).score).toBeGreaterThanOrEqual(
            securityLevel(value).score,
          );
        },
      ),
    );
  });
});
