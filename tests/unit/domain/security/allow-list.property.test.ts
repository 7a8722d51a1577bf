import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALLOW_LIST_WAIT_MS,
  usableFrom,
  withdrawalAddressUsable,
} from '../../../../src/domain/security/allow-list.ts';

const time = fc.integer({ min: 0, max: 4_000_000_000_000 });

describe('the withdrawal allow-list', () => {
  it('with the list off, every bound address is usable at once', () => {
    fc.assert(
      fc.property(
        time,
        fc.integer({ min: -ALLOW_LIST_WAIT_MS, max: ALLOW_LIST_WAIT_MS * 3 }),
        (boundAt, later) => withdrawalAddressUsable({ allowList: false, boundAt, now: boundAt + later }),
      ),
    );
  });

  it('with the list on, an address is usable exactly from 24 h after it was bound', () => {
    fc.assert(
      fc.property(time, fc.integer({ min: 0, max: ALLOW_LIST_WAIT_MS * 3 }), (boundAt, elapsed) => {
        const usable = withdrawalAddressUsable({ allowList: true, boundAt, now: boundAt + elapsed });
        expect(usable).toBe(elapsed >= ALLOW_LIST_WAIT_MS);
      }),
    );
    expect(ALLOW_LIST_WAIT_MS).toBe(86_400_000);
    expect(withdrawalAddressUsable({ allowList: true, boundAt: 0, now: ALLOW_LIST_WAIT_MS - 1 })).toBe(false);
    expect(withdrawalAddressUsable({ allowList: true, boundAt: 0, now: ALLOW_LIST_WAIT_MS })).toBe(true);
  });

  it('once usable, an address stays usable; the moment is usableFrom', () => {
    fc.assert(
      fc.property(
        time,
        fc.nat(ALLOW_LIST_WAIT_MS * 3),
        fc.nat(ALLOW_LIST_WAIT_MS),
        (boundAt, elapsed, more) => {
          const now = boundAt + elapsed;
          if (withdrawalAddressUsable({ allowList: true, boundAt, now })) {
            expect(withdrawalAddressUsable({ allowList: true, boundAt, now: now + more })).toBe(true);
          }
          expect(withdrawalAddressUsable({ allowList: true, boundAt, now })).toBe(now >= usableFrom(boundAt));
        },
      ),
    );
  });
});
