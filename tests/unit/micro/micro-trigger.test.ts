import { describe, expect, it } from 'vitest';
import { microOf } from '../../../src/sim/features/micro/part.ts';
import { spotFixture } from '../spot/sim-fixture.ts';

/**
 * A contract settles on the first trade of the tape past its expiry: with no clock pass at all (no
 * timer runs in these tests, and nothing calls micro.advance), the market's own trades settle it, on
 * the last trade at or before its expiry.
 */
describe('micro contracts settle from the tape, not from a timer', () => {
  it('a 30 s contract is settled by the first trade after its expiry', async () => {
    const f = await spotFixture();
    const { call } = f;
    const token = await f.login();
    expect(
      (await call('account/transfer', { currency_id: 1, balance: '500', from: 'change', to: 'micro' }, token))
        .code,
    ).toBe(1);
    const bought = await call(
      'microtrade/submit',
      { match_id: 1, currency_id: 1, type: 1, seconds: 30, number: '100' },
      token,
    );
    expect(bought.code, bought.msg).toBe(1);
    const id = (bought.data as { id: number }).id;
    const contract = () => microOf(f.simulator.micro.state()).contracts.get(id)!;
    for (let second = 0; second < 120 && contract().status === 'running'; second++) {
      await f.run(1000);
      for (let tick = 0; tick < 5; tick++) await new Promise((resolve) => setTimeout(resolve, 0));
    }
    const settled = contract();
    expect(settled.status).not.toBe('running');
    expect(settled.close).not.toBeNull();
    expect(settled.close!.time <= settled.expiresAt).toBe(true);
  });
});
