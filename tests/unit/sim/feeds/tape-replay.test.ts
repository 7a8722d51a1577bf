import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../../src/sim/clock.ts';
import { captureSubscriptions, StreamCapture } from '../../../../src/sim/feeds/socket-capture.ts';
import { replayKlineFrames } from '../../../../src/sim/feeds/tape-replay.ts';
import { Market } from '../../../../src/sim/market/market.ts';
import { MarketPublisher } from '../../../../src/sim/market/market-publisher.ts';
import { PAIRS } from '../../../../src/sim/market/pairs.ts';
import {
  barStart,
  KLINE_PERIODS,
  nextBarStart,
  type KlinePeriod,
} from '../../../../src/sim/market/periods.ts';
import { SocketHub } from '../../../../src/sim/socket-hub.ts';
import { START } from '../market/market-fixture.ts';

const BTC = PAIRS.find((pair) => pair.symbol === 'BTC/USDT')!;

/** The KLINE frames of bars wholly inside the capture: only those can a capture hold every trade of. */
function wholeBars(texts: readonly string[], from: number, to: number): string[] {
  return texts.filter((text) => {
    const frame = JSON.parse(text) as { type: string; kline?: { time: number; period: KlinePeriod } };
    if (frame.type !== 'KLINE' || !frame.kline) return false;
    const { time, period } = frame.kline;
    return time >= from && time === barStart(period, time) && nextBarStart(period, time) <= to;
  });
}

describe('a captured socket stream replays into the same candles', () => {
  // 36,600 steps of a live market: 10-14 s on this 2-core machine, and past the 20 s default once
  // another test file ran beside it. A deterministic run: the room is for a slow machine only.
  it(
    'byte for byte: the KLINE frames of every whole bar equal the running app’s',
    { timeout: 60_000 },
    () => {
      // A running simulator market, published to a socket every 100 ms as the worker does.
      const clock = new ManualClock(START);
      const market = new Market({ clock, pairs: [BTC], historyDays: 1 });
      const hub = new SocketHub(() => null);
      const capture = new StreamCapture();
      const socket = hub.open((text) => capture.receive(text, clock.now()));
      for (const frame of captureSubscriptions(BTC.symbol)) socket.receive(frame);
      const publisher = new MarketPublisher(market, hub);
      const minutes = 61;
      for (let round = 0; round < minutes * 600; round++) {
        clock.advance(100);
        market.advanceTo(clock.now());
        publisher.publish();
      }
      const kinds = new Set(capture.frames.map(({ text }) => (JSON.parse(text) as { type: string }).type));
      // Besides the server's answers to the subscriptions (sub_result), the four market channels.
      expect(new Set([...kinds].filter((kind) => !kind.endsWith('_result')))).toEqual(
        new Set(['DAY_MARKET', 'MARKET_DEPTH', 'GLOBAL_TX', 'KLINE']),
      );

      // Through the file format, as `npm run sim:record -- --capture` writes it.
      const frames = StreamCapture.fromFile(capture.toFile());
      expect(frames).toEqual(capture.frames);
      const replayed = replayKlineFrames(frames, BTC);

      const from = barStart('30min', START) + 30 * 60_000;
      const to = clock.now();
      const live = wholeBars(
        capture.frames.map((frame) => frame.text),
        from,
        to,
      );
      // Whole 1, 5, 15 and 30 minute bars: hundreds of frames, each the same text.
      const periods = new Set(
        live.map((text) => (JSON.parse(text) as { kline: { period: string } }).kline.period),
      );
      expect(periods).toEqual(
        new Set(KLINE_PERIODS.filter((period) => ['1min', '5min', '15min', '30min'].includes(period))),
      );
      expect(live.length).toBeGreaterThan(200);
      expect(wholeBars(replayed, from, to)).toEqual(live);
    },
  );

  it('and a capture missing one trade does not (the comparison can fail)', () => {
    const clock = new ManualClock(START);
    const market = new Market({ clock, pairs: [BTC], historyDays: 1 });
    const hub = new SocketHub(() => null);
    const capture = new StreamCapture();
    const socket = hub.open((text) => capture.receive(text, clock.now()));
    for (const frame of captureSubscriptions(BTC.symbol)) socket.receive(frame);
    const publisher = new MarketPublisher(market, hub);
    for (let round = 0; round < 6 * 600; round++) {
      clock.advance(100);
      market.advanceTo(clock.now());
      publisher.publish();
    }
    const from = barStart('1min', START) + 60_000;
    const tape = capture.frames.filter(({ text, at }) => text.includes('"GLOBAL_TX"') && at > from + 60_000);
    const dropped = tape[Math.floor(tape.length / 2)]!;
    const frames = capture.frames.filter((frame) => frame !== dropped);
    const live = wholeBars(
      capture.frames.map((frame) => frame.text),
      from,
      clock.now(),
    );
    expect(wholeBars(replayKlineFrames(frames, BTC), from, clock.now())).not.toEqual(live);
  });
});
