import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SESSION_ENDED_FRAME, SocketHub } from '../../../src/sim/socket-hub.ts';
import { Coverage } from '../property-coverage.ts';

const CHANNELS = ['TX_SUBMIT', 'TX_MATCHED', 'BALANCE', 'LEVER_TRADE'] as const;
const TOKENS = ['t1', 't2', 't3', 't4', 'gone'] as const;
const USERS = [1, 2, 3] as const;

type Step =
  | { kind: 'login'; socket: number; token: (typeof TOKENS)[number] }
  | { kind: 'sub' | 'unsub'; socket: number; channel: (typeof CHANNELS)[number] }
  | { kind: 'close'; socket: number }
  | { kind: 'revoke'; token: (typeof TOKENS)[number] }
  | { kind: 'push'; userId: number; channel: (typeof CHANNELS)[number] };

const SOCKETS = 5;
const socket = fc.integer({ min: 0, max: SOCKETS - 1 });
const channel = fc.constantFrom(...CHANNELS);
const token = fc.constantFrom(...TOKENS);
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('login' as const), socket, token }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('sub' as const), socket, channel }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('unsub' as const), socket, channel }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('close' as const), socket }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('revoke' as const), token }) },
  {
    weight: 6,
    arbitrary: fc.record({ kind: fc.constant('push' as const), userId: fc.constantFrom(...USERS), channel }),
  },
);

/** A socket signed in and holding a few channels, so that many pushes find a listener. */
const setUp: fc.Arbitrary<Step[]> = fc
  .record({ socket, token, channels: fc.subarray([...CHANNELS], { minLength: 1 }) })
  .map(({ socket: at, token: t, channels }) => [
    { kind: 'login', socket: at, token: t },
    ...channels.map((c): Step => ({ kind: 'sub', socket: at, channel: c })),
  ]);

/**
 * A hub with five sockets driven by `steps`; tokens t1-t4 belong to users 1, 1, 2, 3 until revoked.
 * `skipUnreached`: pushes go through publishTo only where reaches() says someone listens (what the
 * features do); otherwise every push goes through. Returns what each socket received, and each
 * push's reaches() answer with whether that push sent anything.
 */
function drive(steps: readonly Step[], skipUnreached: boolean) {
  const owners = new Map<string, number>([
    ['t1', 1],
    ['t2', 1],
    ['t3', 2],
    ['t4', 3],
  ]);
  const hub = new SocketHub((t) => owners.get(t) ?? null);
  const received: string[][] = Array.from({ length: SOCKETS }, () => []);
  const sessions = received.map((frames) => hub.open((text) => void frames.push(text)));
  const open = received.map(() => true);
  const pushes: Array<{ reaches: boolean; sent: boolean; ended: boolean }> = [];
  let frameNumber = 0;
  for (const s of steps) {
    switch (s.kind) {
      case 'login':
      case 'sub':
      case 'unsub':
        if (!open[s.socket]) break;
        sessions[s.socket]!.receive(
          JSON.stringify({ type: s.kind, params: s.kind === 'login' ? s.token : s.channel }),
        );
        break;
      case 'close':
        if (open[s.socket]) sessions[s.socket]!.close();
        open[s.socket] = false;
        break;
      case 'revoke':
        owners.delete(s.token);
        break;
      case 'push': {
        const reaches = hub.reaches(s.userId, s.channel);
        const before = received.map((frames) => frames.length);
        const frame = { type: s.channel, n: ++frameNumber };
        if (reaches || !skipUnreached) hub.publishTo(s.userId, s.channel, frame);
        const fresh = received.flatMap((frames, index) => frames.slice(before[index]));
        pushes.push({
          reaches,
          sent: fresh.includes(JSON.stringify(frame)),
          ended: fresh.includes(SESSION_ENDED_FRAME),
        });
        break;
      }
    }
  }
  return { received, pushes, channels: hub.channelCount(), sessions: hub.sessionCount() };
}

describe('SocketHub.reaches: a private frame nobody would get need not be built (issue 35)', () => {
  it('property: skipping the pushes reaches() calls unreached changes nothing any socket receives', () => {
    const coverage = new Coverage();
    fc.assert(
      fc.property(
        fc.array(setUp, { maxLength: SOCKETS }),
        fc.array(step, { minLength: 1, maxLength: 60 }),
        (prefix, rest) => {
          const steps = [...prefix.flat(), ...rest];
          coverage.run();
          const every = drive(steps, false);
          const skipping = drive(steps, true);
          // Same frames on every socket, in the same order, and the same sessions and channels after.
          expect(skipping.received).toEqual(every.received);
          expect(skipping.channels).toBe(every.channels);
          expect(skipping.sessions).toBe(every.sessions);
          for (const push of every.pushes) {
            // Unreached: publishTo sends nothing at all (no frame, no session_ended).
            if (!push.reaches) expect(push.sent || push.ended).toBe(false);
            // Reached: the frame goes out, or a stale session hears that it ended.
            else expect(push.sent || push.ended).toBe(true);
            coverage.saw(!push.reaches ? 'unreached' : push.sent ? 'sent' : 'only session_ended');
          }
        },
      ),
      { numRuns: 400 },
    );
    coverage.expectEach(['unreached', 'sent'], { atLeast: 20, per: 400 });
    // Rarer: every session holding the channel went stale before the push.
    coverage.expectEach(['only session_ended'], { atLeast: 4, per: 400 });
  });

  it("a user's socket holding other channels only is not reached; holding the channel, it is", () => {
    const hub = new SocketHub((t) => (t === 'tok' ? 7 : null));
    const frames: string[] = [];
    const session = hub.open((text) => void frames.push(text));
    session.receive('{"type":"login","params":"tok"}');
    session.receive('{"type":"sub","params":"TX_SUBMIT"}');
    expect(hub.reaches(7, 'BALANCE')).toBe(false);
    expect(hub.reaches(8, 'TX_SUBMIT')).toBe(false);
    expect(hub.reaches(7, 'TX_SUBMIT')).toBe(true);
    session.close();
    expect(hub.reaches(7, 'TX_SUBMIT')).toBe(false);
  });
});
