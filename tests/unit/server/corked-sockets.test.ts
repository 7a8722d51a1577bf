import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { CorkedSockets } from '../../../src/sim/node/corked-sockets.ts';

/**
 * A TCP socket as CorkedSockets uses it: cork, write and uncork. While corked it holds its writes;
 * uncorked it "sends" them (one system call each time), and each send takes 1 ms of the fake clock.
 */
class FakeSocket {
  corks = 0;
  held: string[] = [];
  sent: string[][] = [];
  constructor(private readonly clock: { ms: number }) {}
  cork(): void {
    this.corks++;
  }
  uncork(): void {
    this.corks--;
    if (this.corks === 0 && this.held.length > 0) {
      this.sent.push(this.held);
      this.held = [];
      this.clock.ms += 1;
    }
  }
  write(text: string): void {
    if (this.corks > 0) this.held.push(text);
    else this.sent.push([text]);
  }
}

const nextMicrotasks = () => new Promise<void>((resolve) => queueMicrotask(resolve));
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function setUp(sockets: number, sliceMs: number) {
  const clock = { ms: 0 };
  const corked = new CorkedSockets(sliceMs, () => clock.ms);
  const all = Array.from({ length: sockets }, () => new FakeSocket(clock));
  const send = (socket: FakeSocket, text: string) => {
    corked.cork(socket as unknown as Socket);
    socket.write(text);
  };
  return { all, send };
}

describe('CorkedSockets (the writes of a socket of one run in one system call, big fan-outs in slices)', () => {
  it('sends the writes of one run to a socket together, once the run is over', async () => {
    const { all, send } = setUp(3, 1000);
    for (const socket of all) send(socket, 'depth');
    send(all[0]!, 'trades');
    expect(all.map((socket) => socket.sent)).toEqual([[], [], []]);
    await nextMicrotasks();
    expect(all[0]!.sent).toEqual([['depth', 'trades']]);
    expect(all[2]!.sent).toEqual([['depth']]);
  });

  it('uncorks a big fan-out in slices, so the event loop serves others in between', async () => {
    const { all, send } = setUp(200, 16);
    for (const socket of all) send(socket, 'depth');
    await nextMicrotasks();
    const firstSlice = all.filter((socket) => socket.sent.length > 0).length;
    // Each send takes 1 ms and the clock is read every 16 sockets: one slice is 16 or 32 sockets.
    expect(firstSlice).toBeGreaterThanOrEqual(16);
    expect(firstSlice).toBeLessThan(200);
    for (let turn = 0; turn < 20; turn++) await nextTurn();
    expect(all.every((socket) => socket.sent.length === 1 && socket.corks === 0)).toBe(true);
  });

  it('keeps the frames of each socket in order when more are written before its slice comes', async () => {
    const { all, send } = setUp(100, 16);
    for (const socket of all) send(socket, 'depth 1');
    await nextMicrotasks();
    const waiting = all.filter((socket) => socket.sent.length === 0);
    expect(waiting.length).toBeGreaterThan(0);
    for (const socket of all) send(socket, 'depth 2');
    for (let turn = 0; turn < 20; turn++) await nextTurn();
    for (const socket of all) expect(socket.sent.flat()).toEqual(['depth 1', 'depth 2']);
    // The ones still corked sent both frames in one call.
    for (const socket of waiting) expect(socket.sent).toEqual([['depth 1', 'depth 2']]);
  });
});
