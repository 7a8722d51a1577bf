import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { thinkTime } from '../../../bench/think-time.ts';

/** How long thinkTime's pause lasts, to the millisecond, on fake timers. */
async function pauseMs(step: number, thinkMs: number, draw: number): Promise<number | null> {
  const pause = thinkTime(step, thinkMs, () => draw);
  if (pause === null) return null;
  let resolved = false;
  void pause.then(() => (resolved = true));
  let elapsed = 0;
  while (!resolved) {
    await vi.advanceTimersByTimeAsync(1);
    elapsed += 1;
  }
  return elapsed;
}

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe("bench:server's think time", () => {
  it('spreads the first call over one think time: users do not all arrive at once', async () => {
    expect(await pauseMs(0, 500, 0)).toBeLessThanOrEqual(1);
    expect(await pauseMs(0, 500, 0.5)).toBe(250);
    expect(await pauseMs(0, 500, 0.998)).toBe(499);
  });

  it('pauses 0.5x to 1.5x of the think time between calls', async () => {
    expect(await pauseMs(1, 500, 0)).toBe(250);
    expect(await pauseMs(7, 500, 0.5)).toBe(500);
    expect(await pauseMs(7, 500, 0.998)).toBe(749);
  });

  it('never pauses in the closed loop (no think time)', async () => {
    expect(await pauseMs(0, 0, 0.5)).toBeNull();
    expect(await pauseMs(3, 0, 0.5)).toBeNull();
  });
});
