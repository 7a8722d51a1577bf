import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { okEnvelope } from '../../../src/api/envelope.ts';
import { CorsPolicy } from '../../../src/sim/node/cors.ts';
import { createHttpServer, type HttpServer } from '../../../src/sim/node/http-server.ts';
import type { SimServer } from '../../../src/sim/server.ts';
import { PONG_FRAME } from '../../../src/sim/socket-hub.ts';
import { GroupSync } from '../../../src/sim/store/group-sync.ts';
import { SqliteEventLog } from '../../../src/sim/store/sqlite-event-log.ts';
import { captureLog } from './server-fixture.ts';

/**
 * Group commit at the disk flush, and output commit: with SQLite on a file, commits share flushes
 * that run off the event loop, and nothing (no answer, no socket frame) leaves the server before
 * what it tells is on disk; a failed flush lets nothing more out.
 */

/** A flush the test finishes (or fails) by hand, counting how many began. */
function manualFlushes() {
  const pending: Array<{ done: () => void; fail: (error: Error) => void }> = [];
  let begun = 0;
  return {
    sync: () =>
      new Promise<void>((done, fail) => {
        begun++;
        pending.push({ done, fail });
      }),
    begun: () => begun,
    finishNext() {
      pending.shift()!.done();
    },
    failNext(error: Error) {
      pending.shift()!.fail(error);
    },
  };
}

/** Whether a promise settled by now (after the microtasks queued so far ran). */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

const EVENT = { type: 'e', at: 1, data: '{}' };

describe('GroupSync', () => {
  it('writes made while a flush runs wait for the next one, and share it', async () => {
    const flushes = manualFlushes();
    const group = new GroupSync(flushes.sync);
    const first = group.afterWrite();
    const second = group.afterWrite();
    const third = group.afterWrite();
    expect(flushes.begun()).toBe(1);
    flushes.finishNext();
    expect(await settled(first)).toBe(true);
    // The first flush may have begun before the later writes: they are not durable by it.
    expect(await settled(second)).toBe(false);
    expect(flushes.begun()).toBe(2);
    flushes.finishNext();
    expect(await settled(second)).toBe(true);
    expect(await settled(third)).toBe(true);
    expect(flushes.begun()).toBe(2);
  });

  it('a failed flush fails its writes and every later one', async () => {
    const flushes = manualFlushes();
    const group = new GroupSync(flushes.sync);
    const first = group.afterWrite();
    flushes.failNext(new Error('EIO'));
    await expect(first).rejects.toThrow('EIO');
    await expect(group.afterWrite()).rejects.toThrow('EIO');
    await expect(group.settled()).rejects.toThrow('EIO');
  });
});

describe('SqliteEventLog on a file', () => {
  const dirs: string[] = [];
  const fileIn = () => {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-flush-'));
    dirs.push(dir);
    return join(dir, 'log.db');
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('a commit resolves only once a flush begun after it completed', async () => {
    const flushes = manualFlushes();
    const log = new SqliteEventLog({ file: fileIn(), syncFile: flushes.sync });
    const first = log.commit('main', [EVENT]);
    const second = log.commit('main', [EVENT]);
    expect(await settled(first)).toBe(false);
    flushes.finishNext();
    expect(await first).toBe(1);
    expect(await settled(second)).toBe(false);
    flushes.finishNext();
    expect(await second).toBe(2);
    log.close();
  });

  it('deferred: commits resolve at once, the commits of a turn share one commit and one flush, durable() waits for it, a failed flush stops writes', async () => {
    const flushes = manualFlushes();
    const failures: Error[] = [];
    const log = new SqliteEventLog({
      file: fileIn(),
      syncFile: flushes.sync,
      deferFlush: { onFailure: (error) => failures.push(error) },
    });
    // One turn of the event loop: both commits go to disk in one transaction and one flush.
    expect(await log.commit('main', [EVENT])).toBe(1);
    expect(await log.commit('main', [EVENT])).toBe(2);
    const durable = log.durable();
    expect(await settled(durable)).toBe(false);
    expect(flushes.begun()).toBe(1);
    flushes.finishNext();
    await durable;
    expect(flushes.begun()).toBe(1);
    expect((await log.readEvents(1)).map((row) => row.seq)).toEqual([1, 2]);

    // Commits of two turns: the second turn's flush begins after the first's, and durable() waits for both.
    await log.commit('main', [EVENT]);
    await new Promise((resolve) => setImmediate(resolve));
    await log.commit('main', [EVENT]);
    const both = log.durable();
    expect(await settled(both)).toBe(false);
    flushes.finishNext();
    expect(await settled(both)).toBe(false);
    flushes.finishNext();
    await both;
    expect(flushes.begun()).toBe(3);

    expect(await log.commit('main', [EVENT])).toBe(5);
    await new Promise((resolve) => setImmediate(resolve));
    flushes.failNext(new Error('EIO'));
    await expect(log.durable()).rejects.toThrow('EIO');
    expect(failures.map((error) => error.message)).toEqual(['EIO']);
    await expect(log.commit('main', [EVENT])).rejects.toThrow('EIO');
    expect(log.health()).toMatchObject({ writable: false });
    log.close();
  });
});

describe('SqliteEventLog in memory with groupCommits', () => {
  it('writes the commits of a turn in one transaction, resolves each at once and reads them back at once', async () => {
    const log = new SqliteEventLog({ file: ':memory:', groupCommits: true });
    expect(await log.commit('main', [EVENT])).toBe(1);
    expect(await log.commit('main', [EVENT, EVENT])).toBe(3);
    // The turn is still open: its transaction holds both commits, and this connection reads them.
    expect(() => log.exec('BEGIN')).toThrow(/within a transaction/);
    expect((await log.readEvents(1)).map((row) => row.seq)).toEqual([1, 2, 3]);
    await log.durable();
    await new Promise((resolve) => setImmediate(resolve));
    // Committed at the turn's end: a new transaction can begin.
    log.exec('BEGIN');
    log.exec('COMMIT');
    expect((await log.readHistory('main')).events).toHaveLength(3);
    log.close();
  });
});

describe('the HTTP server with a store that flushes behind (output commit)', () => {
  let http: HttpServer | null = null;
  afterEach(async () => {
    await http?.close(100);
    http = null;
  });

  /** A server whose exchange answers at once and pushes a frame for every socket message. */
  async function serve(durable: () => Promise<void>) {
    let push: ((text: string) => void) | null = null;
    const server: SimServer = {
      handle: () => Promise.resolve(okEnvelope({ done: true })),
      openSocket: (send) => {
        push = send;
        return { receive: (text) => send(`{"type":"echo","n":${JSON.stringify(text)}}`), close: () => {} };
      },
    };
    http = createHttpServer({
      server,
      messages: () => Promise.resolve({}),
      log: captureLog().log,
      cors: new CorsPolicy([]),
      maxBodyBytes: 1024,
      requestTimeoutMs: 5000,
      now: () => Date.now(),
      durable,
    });
    const address = await http.listen(0, '127.0.0.1');
    return { base: `http://127.0.0.1:${address.port}`, pushed: () => push };
  }

  it('answers and socket frames wait for the flush, in order', async () => {
    let release!: () => void;
    let gate = new Promise<void>((resolve) => (release = resolve));
    const { base } = await serve(() => gate);
    const answer = fetch(`${base}/api/market/deal`);
    expect(await settled(answer)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await settled(answer)).toBe(false);
    release();
    expect(await (await answer).json()).toMatchObject({ code: 1 });

    const ws = new WebSocket(`${base.replace('http', 'ws')}/ws`);
    await new Promise((resolve) => ws.once('open', resolve));
    const received: string[] = [];
    ws.on('message', (data: Buffer) => received.push(data.toString('utf8')));
    gate = new Promise<void>((resolve) => (release = resolve));
    ws.send('a');
    ws.send('b');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toEqual([]);
    release();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toEqual(['{"type":"echo","n":"a"}', '{"type":"echo","n":"b"}']);
    ws.close();
  });

  it('a pong is not held behind the flush: it tells nothing stored', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { base, pushed } = await serve(() => gate);
    const ws = new WebSocket(`${base.replace('http', 'ws')}/ws`);
    await new Promise((resolve) => ws.once('open', resolve));
    const received: string[] = [];
    ws.on('message', (data: Buffer) => received.push(data.toString('utf8')));
    pushed()!('{"type":"TX_SUBMIT"}');
    pushed()!(PONG_FRAME);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toEqual([PONG_FRAME]);
    release();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toEqual([PONG_FRAME, '{"type":"TX_SUBMIT"}']);
    ws.close();
  });

  it('after a failed flush nothing is answered: the connection closes', async () => {
    const { base } = await serve(() => Promise.reject(new Error('EIO')));
    await expect(fetch(`${base}/api/market/deal`)).rejects.toThrow();
  });
});
