import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { errorFields, JsonLog, sendConsoleTo } from '../../../src/sim/node/json-log.ts';
import { captureLog } from './server-fixture.ts';

/** The server's log is JSON lines only, the simulator's console messages included. */
describe('the JSON log', () => {
  it("writes the console's messages as JSON lines, an error's name, message, code and stack in fields", async () => {
    const { log, lines } = captureLog();
    const plain: string[] = [];
    const target = {
      error: (...args: unknown[]) => plain.push(args.join(' ')),
      warn: (...args: unknown[]) => plain.push(args.join(' ')),
      info: (...args: unknown[]) => plain.push(args.join(' ')),
      log: (...args: unknown[]) => plain.push(args.join(' ')),
    };
    const undo = sendConsoleTo(log, target);
    const refused = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    target.error('sim spot: command failed', refused);
    target.warn('sim: speed not restored %d times', 2);
    target.log('plain', { a: 1 });
    undo();
    target.error('after the undo');
    await log.flush();

    expect(plain).toEqual(['after the undo']);
    const [error, warn, info] = lines();
    expect(error).toMatchObject({
      level: 'error',
      event: 'console',
      message: 'sim spot: command failed',
      error: 'Error: terminating connection due to administrator command',
      error_code: '57P01',
    });
    expect(String(error!.stack)).toContain('terminating connection');
    expect(warn).toMatchObject({
      level: 'warn',
      event: 'console',
      message: 'sim: speed not restored 2 times',
    });
    expect(info).toMatchObject({ level: 'info', event: 'console', message: 'plain { a: 1 }' });
    expect(lines()).toHaveLength(3);
  });

  it("writes one turn's lines in one write at the end of the turn, or at once when asked", async () => {
    const writes: string[] = [];
    const out = new Writable({
      write(chunk: Buffer, _encoding, done) {
        writes.push(chunk.toString('utf8'));
        done();
      },
    });
    const log = new JsonLog(out, () => 0);
    log.info('request', { path: '/api/a' });
    log.warn('request_timeout', { path: '/api/b' });
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toHaveLength(1);
    expect(
      writes[0]!
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as unknown),
    ).toEqual([
      { time: '1970-01-01T00:00:00.000Z', level: 'info', event: 'request', path: '/api/a' },
      { time: '1970-01-01T00:00:00.000Z', level: 'warn', event: 'request_timeout', path: '/api/b' },
    ]);
    // On the way out (process exit) the buffered lines are written without waiting for the turn.
    log.error('stopped_at_once');
    log.writePending();
    expect(writes).toHaveLength(2);
    expect(writes[1]).toContain('"event":"stopped_at_once"');
  });

  it('describes what is not an Error by its text', () => {
    expect(errorFields('down')).toEqual({ error: 'down' });
  });
});
