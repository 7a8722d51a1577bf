import { describe, expect, it } from 'vitest';
import { SocketCapture } from '../../../../src/sim/feeds/socket-capture.ts';
import { decodeFeed, encodeFeed } from '../../../../src/sim/feeds/feed-format.ts';

describe('capturing a real server socket', () => {
  it('subscribes the pair tape and turns its trades into ticks, oldest first', () => {
    const capture = new SocketCapture('BTC/USDT', 2);
    expect(capture.subscriptions()).toEqual(['{"type":"sub","params":"GLOBAL_TX.BTC/USDT"}']);
    const frame = (completes: unknown[], symbol = 'BTC/USDT') =>
      JSON.stringify({ type: 'GLOBAL_TX', symbol, completes });
    capture.receive(
      frame([
        { time: 1_700_000_002, price: '101.5', number: '1', way: 2 },
        { time: 1_700_000_001, price: 101, number: '2', way: 1 },
      ]),
      9,
    );
    capture.receive(
      frame([{ time: '2026-01-01 10:00:00', price: '102', number: '1', way: 2 }]),
      1_700_000_003_000,
    );
    capture.receive(frame([{ time: 1, price: '999', number: '1', way: 2 }], 'ETH/USDT'), 0);
    capture.receive('not json', 0);
    capture.receive(JSON.stringify({ type: 'pong' }), 0);
    capture.receive(frame([{ time: 1_700_000_004_000, price: 'x' }]), 0);
    const feed = capture.toFeed('socket wss://example/ws');
    expect([...feed.times]).toEqual([1_700_000_001_000, 1_700_000_002_000, 1_700_000_003_000]);
    expect([...feed.prices]).toEqual([101, 101.5, 102]);
    expect(decodeFeed(encodeFeed(feed)).header.source).toBe('socket wss://example/ws');
  });
});
