import { describe, expect, it } from 'vitest';
import { accountsAggregate } from '../../../src/sim/features/accounts/aggregate.ts';
import { POLICY } from '../../../src/sim/features/accounts/policy.ts';
import { Outbox } from '../../../src/sim/features/accounts/outbox.ts';

const aggregate = accountsAggregate({ ...POLICY });
const HOUR = 3_600_000;

describe('tables that grow per address stay bounded', () => {
  it('the hourly send counts keep only the last hour’s addresses', () => {
    let state = aggregate.initial();
    const start = Date.UTC(2026, 10, 1);
    for (let i = 0; i < 3_000; i++) {
      const at = start + i * 10_000; // one code every 10 s, to a new address each time
      const decision = aggregate.decide(state, {
        kind: 'issueCode',
        at,
        channel: 'email',
        address: `user${i}@example.com`,
        purpose: 1,
        code: '123456',
      });
      expect(decision.ok).toBe(true);
      if (decision.ok) for (const event of decision.events) state = aggregate.evolve(state, event);
    }
    // 360 sends an hour: the table holds about an hour's worth, not all 3,000 addresses.
    expect(state.sends.size).toBeLessThanOrEqual(HOUR / 10_000 + 1);
    // Codes expire and leave the table too.
    expect(state.codes.size).toBeLessThanOrEqual(POLICY.codeTtlMs / 10_000 + 1);
  });

  it('the demo outbox keeps a bounded number of boxes and messages', () => {
    const outbox = new Outbox();
    for (let i = 0; i < 5_000; i++) {
      const key = i.toString(16).padStart(32, '0');
      for (let m = 0; m < 3; m++) {
        outbox.deliver(key, {
          channel: 'email',
          to: `u${i}@x.co`,
          purpose: 1,
          kind: 'code',
          code: '1',
          at: i,
          anti_phishing: '',
        });
      }
    }
    const first = (0).toString(16).padStart(32, '0');
    const last = (4_999).toString(16).padStart(32, '0');
    expect(outbox.read(first, 0)).toEqual([]);
    expect(outbox.read(last, 0)).toHaveLength(3);
  });
});
