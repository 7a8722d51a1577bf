import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  channelOf,
  decodeFrame,
  GLOBAL_CHANNELS,
  pairChannel,
  PAIR_CHANNELS,
} from '../../../src/streams/frame.ts';

describe('channelOf', () => {
  it.each([
    [{ type: 'MARKET_DEPTH', symbol: 'BTC/USDT' }, 'MARKET_DEPTH.BTC/USDT'],
    [{ type: 'GLOBAL_TX', symbol: 'ETH/USDT' }, 'GLOBAL_TX.ETH/USDT'],
    [{ type: 'KLINE', symbol: 'BTC/USDT', kline: { period: '1min' } }, 'KLINE.BTC/USDT'],
    // DAY_MARKET and the private pushes carry a symbol but have one channel each.
    [{ type: 'DAY_MARKET', symbol: 'BTC/USDT' }, 'DAY_MARKET'],
    [{ type: 'TX_MATCHED', symbol: 'BTC/USDT' }, 'TX_MATCHED'],
    [{ type: 'LEVER_CLOSED' }, 'LEVER_CLOSED'],
    [{ type: 'MICRO_CLOSED' }, 'MICRO_CLOSED'],
    [{ type: 'pong' }, null],
    [{ type: 'MARKET_DEPTH' }, null],
    [{ type: 'KLINE', symbol: '' }, null],
    [{ type: 'NEWS', symbol: 'BTC/USDT' }, null],
  ])('%j -> %s', (frame, channel) => {
    expect(channelOf(frame)).toBe(channel);
  });

  it('maps a frame of any pair channel back to the name it was subscribed under', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PAIR_CHANNELS), fc.string({ minLength: 1 }), (base, symbol) => {
        expect(channelOf({ type: base, symbol })).toBe(pairChannel(base, symbol));
      }),
    );
  });

  it('maps every global channel to itself whatever the symbol', () => {
    fc.assert(
      fc.property(fc.constantFrom(...GLOBAL_CHANNELS), fc.option(fc.string()), (type, symbol) => {
        expect(channelOf(symbol === null ? { type } : { type, symbol })).toBe(type);
      }),
    );
  });
});

describe('decodeFrame', () => {
  it('decodes a JSON object with a string type', () => {
    expect(decodeFrame('{"type":"DAY_MARKET","symbol":"BTC/USDT","x":1}')).toEqual({
      type: 'DAY_MARKET',
      symbol: 'BTC/USDT',
      x: 1,
    });
  });

  it.each([
    '',
    'not json',
    '{"type":',
    '42',
    '"DAY_MARKET"',
    'null',
    '[]',
    '{}',
    '{"type":7}',
    '{"type":"KLINE","symbol":3}',
  ])('drops %j', (text) => {
    expect(decodeFrame(text)).toBeNull();
  });

  it('drops binary messages', () => {
    expect(decodeFrame(new ArrayBuffer(4))).toBeNull();
  });

  it('never throws, whatever arrives', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.anything()), (data) => {
        const frame = decodeFrame(data);
        if (frame !== null) expect(typeof frame.type).toBe('string');
      }),
    );
  });
});
