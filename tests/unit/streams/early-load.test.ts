import { VirtualTimeScheduler } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { earlyLoad } from '../../../src/streams/early-load.ts';

/** A load that answers (or fails) when the test says so, counting how often it was asked. */
function controlledLoad() {
  const settles: Array<{ resolve: (value: string) => void; reject: (error: Error) => void }> = [];
  const load = () =>
    new Promise<string>((resolve, reject) => {
      settles.push({ resolve, reject });
    });
  return { load, settles };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The quotes snapshot is asked for as the app starts (issue 19): readers share that early load
 * while it runs and while its answer is fresh, and load afresh after that or after it failed.
 */
describe('an early load', () => {
  it('starts at once and is shared while running and while fresh', async () => {
    const scheduler = new VirtualTimeScheduler();
    const { load, settles } = controlledLoad();
    const early = earlyLoad(load, { freshMs: 1_000, scheduler });
    expect(settles).toHaveLength(1);
    const first = early.next();
    settles[0]!.resolve('snapshot at start');
    await expect(first).resolves.toBe('snapshot at start');
    scheduler.schedule(() => {}, 1_000);
    scheduler.flush();
    await expect(early.next()).resolves.toBe('snapshot at start');
    expect(settles).toHaveLength(1);
  });

  it('loads afresh once the early answer is older than freshMs', async () => {
    const scheduler = new VirtualTimeScheduler();
    const { load, settles } = controlledLoad();
    const early = earlyLoad(load, { freshMs: 1_000, scheduler });
    settles[0]!.resolve('snapshot at start');
    await flush();
    scheduler.schedule(() => {}, 1_001);
    scheduler.flush();
    const later = early.next();
    expect(settles).toHaveLength(2);
    settles[1]!.resolve('snapshot now');
    await expect(later).resolves.toBe('snapshot now');
    // Stale for good: the next reader loads again too.
    void early.next();
    expect(settles).toHaveLength(3);
  });

  it('forgets a failed early load: the next reader loads again', async () => {
    const { load, settles } = controlledLoad();
    const early = earlyLoad(load);
    settles[0]!.reject(new Error('not available yet'));
    await flush();
    const next = early.next();
    expect(settles).toHaveLength(2);
    settles[1]!.resolve('snapshot');
    await expect(next).resolves.toBe('snapshot');
  });

  it('a reader that came while it ran sees its failure, as its own load would have', async () => {
    const { load, settles } = controlledLoad();
    const early = earlyLoad(load);
    const reader = early.next();
    settles[0]!.reject(new Error('not available yet'));
    await expect(reader).rejects.toThrow('not available yet');
    expect(settles).toHaveLength(1);
  });
});
