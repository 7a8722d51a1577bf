import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { showsSimTime, SIM_TIME_SHOWN_FROM_MS, simTimeLead } from '../../../src/domain/sim-time.ts';

describe('simulated time in the header', () => {
  it('shows simulated time exactly when it is a minute or more away from the wall clock', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4e12 }), fc.integer({ min: -1e9, max: 1e9 }), (wall, lead) => {
        expect(simTimeLead(wall + lead, wall)).toBe(lead);
        expect(showsSimTime(wall + lead, wall)).toBe(Math.abs(lead) >= SIM_TIME_SHOWN_FROM_MS);
      }),
    );
  });

  it('shows nothing before the first clock push', () => {
    expect(showsSimTime(null, 1)).toBe(false);
    expect(showsSimTime(1, null)).toBe(false);
  });
});
