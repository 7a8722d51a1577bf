import fc from 'fast-check';
import { of, type Subscription } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { ChannelName } from '../../../src/streams/frame.ts';
import { createSocketConnection } from '../../../src/streams/socket.ts';
import { createFakeServer, type SentMessage } from './fake-socket.ts';

const NAMES: ChannelName[] = [
  'DAY_MARKET',
  'MARKET_DEPTH.BTC/USDT',
  'MARKET_DEPTH.ETH/USDT',
  'KLINE.BTC/USDT',
];

type Step =
  | { kind: 'enter'; channel: number; waitMs: number }
  | { kind: 'leave'; pick: number; waitMs: number }
  | { kind: 'drop'; clean: boolean; waitMs: number };

// Waits shorter than the 30 s reconnect put some steps in an outage; longer ones do not.
const waitMs = fc.constantFrom(1_000, 20_000, 40_000);
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('enter' as const), channel: fc.nat(NAMES.length - 1), waitMs }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('leave' as const), pick: fc.nat(), waitMs }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('drop' as const), clean: fc.boolean(), waitMs }) },
);

/**
 * What the server believes one socket is subscribed to: the fold of its sub/unsub frames. A sub
 * of a channel already subscribed, or an unsub of one that is not, is a protocol error.
 */
function serverView(sent: readonly SentMessage[]): Set<string> {
  const subscribed = new Set<string>();
  for (const message of sent) {
    if (message.type === 'sub') {
      expect(subscribed.has(message.params ?? ''), `duplicate sub ${message.params}`).toBe(false);
      subscribed.add(message.params ?? '');
    } else if (message.type === 'unsub') {
      expect(subscribed.has(message.params ?? ''), `stray unsub ${message.params}`).toBe(true);
      subscribed.delete(message.params ?? '');
    }
  }
  return subscribed;
}

describe('channel ref-counting (property)', () => {
  it('keeps the server subscribed to exactly the channels that have observers, across reconnects', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
        scheduler.run(() => {
          const server = createFakeServer({ scheduler, openAfterMs: 1 });
          const connection = createSocketConnection({
            transport: server.transport,
            token$: of('t'),
            scheduler,
          });
          const observers: { name: ChannelName; subscription: Subscription }[] = [];

          const agree = (): void => {
            const socket = server.current();
            if (socket.readyState !== 1) return; // an outage: the next open is checked instead
            expect(serverView(socket.sent)).toEqual(new Set(observers.map((o) => o.name)));
          };

          let at = 0;
          for (const s of steps) {
            at += s.waitMs;
            scheduler.schedule(() => {
              agree();
              if (s.kind === 'enter') {
                const name = NAMES[s.channel] ?? 'DAY_MARKET';
                observers.push({ name, subscription: connection.channel(name).subscribe() });
              } else if (s.kind === 'leave') {
                if (observers.length > 0)
                  observers.splice(s.pick % observers.length, 1)[0]?.subscription.unsubscribe();
              } else if (server.current().readyState === 1) {
                if (s.clean) server.current().end();
                else server.current().fail();
              }
              agree();
            }, at);
          }
          // Long enough for a last drop to reconnect: then the server must agree once more.
          scheduler.schedule(() => {
            expect(server.current().readyState).toBe(1);
            agree();
            connection.close();
          }, at + 40_000);
        });
      }),
      { numRuns: 300 },
    );
  });
});
