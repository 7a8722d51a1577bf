import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startServer } from './child-server.ts';

/**
 * `npm run server -- --demo` (issue 18 item 6): one person's demo on their own machine serves the
 * in-app outbox and the simulator's controls without the operator token; in memory it can start
 * afresh (POST /demo/reset), which the browser suite's server run does before every test. A server
 * without --demo serves neither.
 */
const DEMO_LOGIN = { account: 'demo@tessera.example', password: 'Demo1234', login_type: 'email' };
const dir = mkdtempSync(join(tmpdir(), 'tessera-demo-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function api(base: string, path: string, payload?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}/api/${path}`, {
    method: payload === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
  });
  return (await response.json()) as { code: number | string; msg: string; data: unknown };
}

describe('--demo', () => {
  it('serves sim/* and the outbox without a token; POST /demo/reset starts a fresh exchange and closes the sockets', async () => {
    const server = await startServer(['--demo', '--data', ':memory:', '--seed', '42', '--rate', '0']);
    try {
      expect(server.lines.find((line) => line.event === 'listening')).toMatchObject({
        demo: true,
        reset: 'POST /demo/reset',
      });
      expect(await api(server.base, 'sim/set_speed', { speed: 5 })).toMatchObject({ code: 1 });
      expect(await api(server.base, 'sim/speed')).toMatchObject({ code: 1, data: { speed: 5 } });
      const outbox = await api(server.base, `notify/outbox?key=${'a'.repeat(32)}&after=0`);
      expect(outbox.code).toBe(1);
      const login = await api(server.base, 'user/login', DEMO_LOGIN);
      expect(login.code).toBe(1);
      const token = login.data as string;
      expect(await api(server.base, 'user/info', undefined, { authorization: token })).toMatchObject({
        code: 1,
      });

      const socket = new WebSocket(`${server.base.replace(/^http/, 'ws')}/ws`);
      await new Promise((open) => socket.once('open', open));
      const closed = new Promise<number>((done) => socket.once('close', (code) => done(code)));
      const reset = await fetch(`${server.base}/demo/reset`, { method: 'POST' });
      expect(reset.status).toBe(200);
      // The socket's session belonged to the dropped exchange: it is closed as a service restart.
      expect(await closed).toBe(1012);
      // A fresh exchange: the speed is back to x1 and the old session is unknown.
      expect(await api(server.base, 'sim/speed')).toMatchObject({ code: 1, data: { speed: 1 } });
      const info = await api(server.base, 'user/info', undefined, { authorization: token });
      expect(String(info.code)).toBe('999');
      expect(await api(server.base, 'user/login', DEMO_LOGIN)).toMatchObject({ code: 1 });
    } finally {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
  }, 90_000);

  it('on a stored log there is no reset: /demo/reset is an unknown address', async () => {
    const server = await startServer(['--demo', '--data', join(dir, 'stored')]);
    try {
      expect(server.lines.find((line) => line.event === 'listening')).toMatchObject({
        demo: true,
        reset: null,
      });
      expect((await fetch(`${server.base}/demo/reset`, { method: 'POST' })).status).toBe(404);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 90_000);

  it('without --demo: no reset, no outbox, and sim/* only with the operator token', async () => {
    const server = await startServer(['--data', ':memory:']);
    try {
      expect((await fetch(`${server.base}/demo/reset`, { method: 'POST' })).status).toBe(404);
      expect((await api(server.base, 'sim/speed')).code).toBe(0);
      expect((await api(server.base, `notify/outbox?key=${'a'.repeat(32)}&after=0`)).code).toBe(0);
      // child-server.ts starts every server with TESSERA_OPERATOR_TOKEN=child-test.
      expect(
        await api(server.base, 'sim/speed', undefined, { 'x-operator-token': 'child-test' }),
      ).toMatchObject({
        code: 1,
      });
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 90_000);
});
