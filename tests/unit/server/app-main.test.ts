import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { appRoot } from '../../../src/sim/node/app-files.ts';
import { ownOrigins } from '../../../src/sim/node/cors.ts';
import { appFixture } from './app-fixture.ts';
import { startServer } from './child-server.ts';

/**
 * `npm run server -- --app <dir>` as a process (main.ts): a wrong directory stops the start with a
 * message, and a page the server sent may call its API and open its socket (its origin is the
 * server's own), while other origins stay refused.
 */
const fixture = appFixture();
afterAll(() => fixture.remove());

describe('--app at start', () => {
  it('a missing directory, a file, or a directory without index.html: a message saying so', () => {
    expect(() => appRoot(join(fixture.dir, 'nowhere'))).toThrow(/no such directory/);
    expect(() => appRoot(join(fixture.dir, 'sw.js'))).toThrow(/not a directory/);
    mkdirSync(join(fixture.dir, 'empty'));
    expect(() => appRoot(join(fixture.dir, 'empty'))).toThrow(/no index.html/);
    writeFileSync(join(fixture.dir, 'empty', 'index.html'), '<html></html>');
    expect(appRoot(join(fixture.dir, 'empty'))).toBe(join(fixture.dir, 'empty'));
  });

  it("the server's own origins: its public address, and each spelling of loopback", () => {
    const loopback = { address: '127.0.0.1', family: 'IPv4', port: 8099 };
    expect(ownOrigins('http://127.0.0.1:8099', loopback)).toEqual([
      'http://127.0.0.1:8099',
      'http://localhost:8099',
      'http://[::1]:8099',
    ]);
    expect(
      ownOrigins('https://exchange.example/', { address: '0.0.0.0', family: 'IPv4', port: 443 }),
    ).toEqual(['https://exchange.example']);
  });

  it('the process refuses a wrong directory at once (exit 2), and with a good one its pages may call it', async () => {
    await expect(startServer(['--app', join(fixture.dir, 'nowhere')])).rejects.toThrow(
      /exited \(2\).*--app .*nowhere: no such directory/s,
    );
    const server = await startServer(['--data', ':memory:', '--app', fixture.dir]);
    try {
      expect(server.lines.find((line) => line.event === 'listening')).toMatchObject({
        app: appRoot(fixture.dir),
      });
      const port = new URL(server.base).port;
      const page = await fetch(`${server.base}/trade`);
      expect(await page.text()).toContain('id="served-quotes"');
      const post = (origin: string) =>
        fetch(`${server.base}/api/user/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin },
          body: JSON.stringify({ account: 'nobody@example.com', password: 'x', login_type: 'email' }),
        });
      for (const own of [server.base, `http://localhost:${port}`]) expect((await post(own)).status).toBe(200);
      expect((await post('https://elsewhere.example')).status).toBe(403);
      const opens = (origin: string) =>
        new Promise<boolean>((resolve) => {
          const socket = new WebSocket(`${server.base.replace(/^http/, 'ws')}/ws`, { origin });
          socket.once('open', () => {
            socket.close();
            resolve(true);
          });
          socket.once('error', () => resolve(false));
        });
      expect(await opens(server.base)).toBe(true);
      expect(await opens('https://elsewhere.example')).toBe(false);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 90_000);
});
