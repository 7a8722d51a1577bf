import { describe, expect, it } from 'vitest';
import { SerialQueue } from '../../../../src/sim/store/serial-queue.ts';

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('SerialQueue', () => {
  it('runs tasks one at a time in call order', async () => {
    const queue = new SerialQueue();
    const log: string[] = [];
    let running = 0;
    const task = (name: string, waits: number) => async () => {
      running += 1;
      expect(running).toBe(1);
      log.push(`start ${name}`);
      for (let i = 0; i < waits; i++) await tick();
      log.push(`end ${name}`);
      running -= 1;
      return name;
    };
    const results = await Promise.all([
      queue.run(task('a', 3)),
      queue.run(task('b', 0)),
      queue.run(task('c', 1)),
    ]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('keeps going after a failing task', async () => {
    const queue = new SerialQueue();
    const failed = queue.run(() => Promise.reject(new Error('boom')));
    const next = queue.run(async () => 'after');
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('after');
    await queue.idle();
  });
});
