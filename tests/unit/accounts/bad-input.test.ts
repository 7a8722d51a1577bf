import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serialize } from '../../../src/sim/store/serialization.ts';
import { startAccounts } from './harness.ts';

/**
 * Every payload is validated: bad input answers code 0 with a translated message (never a raw key
 * or a placeholder) and changes nothing.
 */
describe('bad input', () => {
  it('gets code 0 with a readable message and leaves the state as it was', async () => {
    const sim = await startAccounts();
    const token = await sim.login('demo@tessera.example', 'Demo1234');
    const before = serialize({ ...sim.accounts.state(), sessions: new Map() });
    const junk = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('', ' ', 'a@b', '12', '<script>'));
    const request = fc.oneof(
      fc.record({
        path: fc.constant('user/register'),
        payload: fc.record({
          account: junk,
          password: junk,
          re_password: junk,
          sms_code: junk,
          type: fc.constantFrom('email', 'mobile'),
          invite_code: junk,
        }),
      }),
      fc.record({
        path: fc.constant('user/forget_password'),
        payload: fc.record({
          account: junk,
          new_password: junk,
          secondary_password: junk,
          type: fc.constantFrom('email', 'mobile'),
          auth_code: junk,
        }),
      }),
      fc.record({
        path: fc.constant('user/amend_password'),
        payload: fc.record({ old_password: junk, new_password: junk, secondary_password: junk }),
      }),
      fc.record({
        path: fc.constant('user/amend_pay_password'),
        payload: fc.record({ password: junk, auth_code: junk }),
      }),
      fc.record({
        path: fc.constant('user_real/real_name'),
        payload: fc.record({ name: junk, card_id: junk, front_pic: junk, reverse_pic: junk }),
      }),
      fc.record({
        path: fc.constant('pay_method/save'),
        payload: fc.record({
          type: fc.integer({ min: 0, max: 4 }),
          raw_data: fc.record({ real_name: junk, account: junk, qrcode: junk }, { requiredKeys: [] }),
        }),
      }),
      fc.record({ path: fc.constant('safe/email'), payload: fc.record({ email: junk, code: junk }) }),
      fc.record({
        path: fc.constant('feedback/submit'),
        // Content under the 10-character minimum, so random text can never form valid feedback.
        payload: fc.record({
          type: fc.integer({ min: -1, max: 9 }),
          title: junk,
          content: fc.string({ maxLength: 9 }),
        }),
      }),
      // Shapes the contract rejects before any handler runs.
      fc.record({
        path: fc.constant('user/login'),
        payload: fc.record({ account: fc.integer(), password: junk }),
      }),
      fc.record({
        path: fc.constant('notify/send_sms'),
        payload: fc.record({ to: junk, type: fc.constant(4), area_id: fc.integer() }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(request, async ({ path, payload }) => {
        const answer = await sim.call(path, payload, token);
        // Junk of 12 characters at most cannot pass the password rule and a real code at once.
        if (answer.code === 1) return;
        expect(answer.code).toBe(0);
        expect(answer.msg).toMatch(/^[A-Z]/);
        expect(answer.msg).not.toMatch(/\{\{|^[a-z]+[A-Z]\w*$/);
        expect(serialize({ ...sim.accounts.state(), sessions: new Map() })).toBe(before);
      }),
      { numRuns: 300 },
    );
  });
});
