import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPing, PONG_FRAME, SocketHub } from '../../../src/sim/socket-hub.ts';

/**
 * The socket gateway answers pings itself by `isPing` and drops the exchange's own pongs
 * (socket-gateway-process.ts): so `isPing` must call a ping exactly what the hub answers with a
 * pong, or a client would get two pongs, or none.
 */
function hubAnswersPong(text: string): boolean {
  const sent: string[] = [];
  const session = new SocketHub(() => null).open((frame) => void sent.push(frame));
  session.receive(text);
  session.close();
  return sent.includes(PONG_FRAME);
}

const pingLike = fc.oneof(
  fc.constantFrom(
    'ping',
    '{"type":"ping"}',
    ' {"type" : "ping"} ',
    '{"type":"\\u0070ing"}',
    '{"type":"ping","x":1}',
    'PING',
    '"ping"',
  ),
  fc.constantFrom(
    '[{"type":"ping"}]',
    '{"type":"pong"}',
    '{"type":["ping"]}',
    'null',
    '{"type":"ping"',
    'ping ',
  ),
  fc
    .record({ type: fc.constantFrom('ping', 'sub', 'login', 'Ping', 'unsub'), params: fc.string() })
    .map((frame) => JSON.stringify(frame)),
  fc.string(),
);

describe('isPing', () => {
  it('is true exactly for the texts the hub answers with a pong', () => {
    fc.assert(
      fc.property(pingLike, (text) => {
        expect(isPing(text)).toBe(hubAnswersPong(text));
      }),
      { numRuns: 1000 },
    );
  });
});
