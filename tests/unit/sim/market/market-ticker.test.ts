import { afterEach, describe, expect, it, vi } from 'vitest';
import { MarketPublisher } from '../../../../src/sim/market/market-publisher.ts';
import { startMarketTicker } from '../../../../src/sim/market/market-ticker.ts';
import { openMarket, RecordingHub } from './market-fixture.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('the market ticker', () => {
  it('catches the market up with the clock and publishes every tick, until stopped', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { clock, market } = openMarket();
    const hub = new RecordingHub((channel) => channel === 'MARKET_DEPTH.BTC/USDT');
    const stop = startMarketTicker(market, new MarketPublisher(market, hub));
    for (let tick = 0; tick < 10; tick++) {
      clock.advance(100);
      vi.advanceTimersByTime(100);
    }
    expect(market.time()).toBe(clock.now());
    const pushed = hub.frames.length;
    expect(pushed).toBeGreaterThanOrEqual(5);
    expect(pushed).toBeLessThanOrEqual(10);
    stop();
    clock.advance(1_000);
    vi.advanceTimersByTime(1_000);
    expect(hub.frames.length).toBe(pushed);
  });
});
