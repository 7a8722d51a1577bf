import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import {
  OUTBOX_KEPT,
  OUTBOX_POLL_MS,
  outboxMachine,
  type OutboxMessage,
} from '../../../src/machines/outbox.machine.ts';
import { imageUploadMachine } from '../../../src/machines/image-upload.machine.ts';
import type { Problem } from '../../../src/domain/validation/problem.ts';
import { flush } from './machine-kit.ts';

function message(id: number): OutboxMessage {
  return {
    id,
    channel: 'email',
    to: 'a@b.co',
    purpose: 1,
    kind: 'code',
    code: '123456',
    at: id,
    anti_phishing: '',
  };
}

describe('demo outbox machine', () => {
  it('polls after the last id seen, keeps the newest first, counts and announces arrivals', async () => {
    const clock = new SimulatedClock();
    const asked: number[] = [];
    const batches = [[message(1), message(2)], [], [message(3)]];
    const announced: number[][] = [];
    const machine = outboxMachine.provide({
      actors: {
        fetch: fromPromise(async ({ input }) => {
          asked.push(input.after);
          return batches.shift() ?? [];
        }),
      },
      actions: { announce: (_, { messages }) => announced.push(messages.map((item) => item.id)) },
    });
    const actor = createActor(machine, { clock }).start();
    await flush();
    expect(actor.getSnapshot().context.unseen).toBe(2);
    clock.increment(OUTBOX_POLL_MS);
    await flush();
    actor.send({ type: 'SEEN' });
    actor.send({ type: 'CHECK' });
    await flush();
    expect(asked).toEqual([0, 2, 2]);
    expect(actor.getSnapshot().context.messages.map((item) => item.id)).toEqual([3, 2, 1]);
    expect(actor.getSnapshot().context.unseen).toBe(1);
    expect(announced.filter((ids) => ids.length > 0)).toEqual([[1, 2], [3]]);
  });

  it('keeps a bounded list and survives a failed poll', async () => {
    const clock = new SimulatedClock();
    let call = 0;
    const machine = outboxMachine.provide({
      actors: {
        fetch: fromPromise(async () => {
          call++;
          if (call === 2) throw new Error('offline');
          return Array.from({ length: 15 }, (_, index) => message(call * 100 + index));
        }),
      },
    });
    const actor = createActor(machine, { clock }).start();
    for (let round = 0; round < 3; round++) {
      await flush();
      clock.increment(OUTBOX_POLL_MS);
    }
    await flush();
    expect(actor.getSnapshot().context.messages).toHaveLength(OUTBOX_KEPT);
    // The failed second poll changed nothing; every later one added its newest message on top.
    expect(call).toBeGreaterThanOrEqual(3);
    expect(actor.getSnapshot().context.messages[0]?.id).toBe(call * 100 + 14);
  });
});

describe('image upload machine', () => {
  it('refuses a wrong type or size before uploading, and reports the URL of a good one', async () => {
    const uploads: string[] = [];
    const problems: Problem[] = [];
    const urls: string[] = [];
    const machine = imageUploadMachine.provide({
      actors: {
        upload: fromPromise(async ({ input }) => {
          uploads.push(input.file.name);
          return { url: `blob:${input.file.name}` };
        }),
      },
      actions: {
        reportProblem: (_, { problem }) => problems.push(problem),
        uploaded: (_, { url }) => urls.push(url),
      },
    });
    const actor = createActor(machine, { input: {} }).start();
    actor.send({ type: 'PICK', file: new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' }) });
    actor.send({ type: 'PICK', file: new File([], 'empty.png', { type: 'image/png' }) });
    actor.send({ type: 'PICK', file: new File([new Uint8Array(10)], 'ok.png', { type: 'image/png' }) });
    expect(actor.getSnapshot().value).toBe('uploading');
    await flush();
    expect(problems.map((problem) => problem.code)).toEqual(['imageType', 'imageSize']);
    expect(uploads).toEqual(['ok.png']);
    expect(urls).toEqual(['blob:ok.png']);
    expect(actor.getSnapshot().context.url).toBe('blob:ok.png');
  });
});
