import { describe, expect, it } from 'vitest';
import type { FromSim, ToSim } from '../../../src/api/sim-wire.ts';
import type { WireRequest } from '../../../src/api/transport.ts';
import { ManualClock } from '../../../src/sim/clock.ts';
import { firstStageCalls } from '../../../src/sim/first-stage-calls.ts';
import { openMarketStage } from '../../../src/sim/market-stage.ts';
import { EARLY_CALLS, servePort, type SimServerPort } from '../../../src/sim/serve-port.ts';
import { loadServerMessages } from '../../../src/sim/server-messages.ts';
import type { SimServer } from '../../../src/sim/server.ts';
import { openExchange } from '../../../src/sim/simulator.ts';

const START = Date.UTC(2026, 10, 21, 12, 0, 0);

/** One tab's port, as servePort sees it: what the tab sent, and what came back. */
function tabPort() {
  const listeners: ((event: MessageEvent<ToSim>) => void)[] = [];
  const received: FromSim[] = [];
  const port: SimServerPort = {
    postMessage: (message) => received.push(message),
    addEventListener: (_type, listener) => listeners.push(listener),
  };
  const send = (message: ToSim) =>
    listeners.forEach((listener) => listener({ data: message } as MessageEvent<ToSim>));
  return { port, received, send };
}

function request(id: number, path: string, method: 'GET' | 'POST' = 'GET'): ToSim {
  const wire: WireRequest = {
    method,
    path,
    payload: {},
    headers: { lang: 'en', authorization: '' },
    timeoutMs: 20_000,
  };
  return { kind: 'request', id, request: wire };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `count` messages came back, then a little longer, so that any extra one would show. */
async function settle(received: readonly FromSim[], count: number): Promise<void> {
  for (let waited = 0; received.length < count && waited < 10_000; waited += 10) await pause(10);
  await pause(50);
}

/** What came back, reduced to the request ids answered and the socket frames' types. */
function seen(received: readonly FromSim[]): string[] {
  return received.map((message) =>
    message.kind === 'response'
      ? `answer ${message.id}`
      : message.kind === 'socket-message'
        ? `frame ${(JSON.parse(message.text) as { type: string }).type}`
        : message.kind,
  );
}

/**
 * The worker opens in two stages (issue 19): the market stage answers the first page's quotes and
 * its public socket channels while the users' features are still opening; everything else, and a
 * socket's `login` with all that follows it on that socket, waits for the whole exchange.
 */
describe('a port served by a simulator that opens in two stages', () => {
  it('answers the market calls early and holds the rest, in order, until the exchange is open', async () => {
    const clock = new ManualClock(START);
    const stage = await openMarketStage({
      clock,
      calls: firstStageCalls,
      messages: loadServerMessages,
      store: null,
    });
    let openFull: (server: SimServer) => void = () => {};
    const full = new Promise<SimServer>((resolve) => (openFull = resolve));
    const { port, received, send } = tabPort();
    servePort(port, { early: Promise.resolve(stage.server), full });

    send(request(1, 'sim/speed'));
    send(request(2, 'market/currency_matches'));
    send({ kind: 'socket-open', socketId: 1 });
    send({ kind: 'socket-send', socketId: 1, text: '{"type":"sub","params":"DAY_MARKET"}' });
    send({ kind: 'socket-send', socketId: 1, text: '{"type":"login","params":"nobody"}' });
    send({ kind: 'socket-send', socketId: 1, text: '{"type":"sub","params":"KLINE.BTC/USDT"}' });
    await settle(received, 3);
    // The quotes are answered (whenever the market stage has made them); the socket subscribes.
    expect(seen(received).sort()).toEqual(['answer 2', 'frame sub_result', 'socket-opened']);
    const quotes = received.find((message) => message.kind === 'response');
    expect(quotes?.kind === 'response' && quotes.envelope.code).toBe(1);

    const simulator = await openExchange(stage, { clock, messages: loadServerMessages });
    openFull(simulator.server);
    await settle(received, 7);
    // The login is answered (no such session) before the subscription sent after it.
    expect(seen(received).slice(3).sort()).toEqual(
      ['answer 1', 'frame login_result', 'frame sub_result', 'frame session_ended'].sort(),
    );
    const frames = seen(received).filter((line) => line.startsWith('frame'));
    expect(frames.indexOf('frame login_result')).toBeLessThan(frames.lastIndexOf('frame sub_result'));
  });

  it('waits for the whole exchange for every call but the market stage own', async () => {
    const clock = new ManualClock(START);
    const stage = await openMarketStage({
      clock,
      calls: firstStageCalls,
      messages: loadServerMessages,
      store: null,
    });
    const { port, received, send } = tabPort();
    servePort(port, { early: Promise.resolve(stage.server), full: new Promise<SimServer>(() => {}) });
    const paths = [
      'market/currency_matches',
      'market/deal',
      'market/kline',
      'sim/speed',
      'news/list',
      'user/info',
    ];
    paths.forEach((path, index) => send(request(index + 1, path)));
    await settle(received, 3);
    const answered = seen(received).map((line) => paths[Number(line.split(' ')[1]) - 1]);
    expect(answered.sort()).toEqual([...EARLY_CALLS].sort());
    expect(EARLY_CALLS.size).toBe(3);
  });
});
