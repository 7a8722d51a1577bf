import { describe, expect, it } from 'vitest';
import { DEFAULT_ORIGINS } from '../../../src/sim/node/cors.ts';
import { parseServerOptions } from '../../../src/sim/node/options.ts';

describe('npm run server options', () => {
  it('defaults: port 8080 on loopback, ./server-data, the app origins, a fresh operator token', () => {
    const options = parseServerOptions([], {});
    expect(options).toMatchObject({ port: 8080, host: '127.0.0.1', data: 'server-data', seed: undefined });
    expect(options.origins).toEqual(DEFAULT_ORIGINS);
    expect(options.operatorToken).toBeUndefined();
    expect(options.rate).toBe(50);
  });

  it('reads --port, --data, --seed, repeated --origin and the environment', () => {
    const options = parseServerOptions(
      ['--port', '0', '--data', '/tmp/x', '--seed', '42', '--origin', 'https://a.example', '--origin', '*'],
      { TESSERA_OPERATOR_TOKEN: 'secret', TESSERA_ORIGINS: 'https://ignored.example' },
    );
    expect(options).toMatchObject({ port: 0, data: '/tmp/x', seed: 42, operatorToken: 'secret' });
    expect(options.origins).toEqual(['https://a.example', '*']);
    expect(
      parseServerOptions([], { TESSERA_ORIGINS: 'https://b.example, https://c.example' }).origins,
    ).toEqual(['https://b.example', 'https://c.example']);
  });

  it('reads --role, --nats and --gateway-id; one process and NATS on loopback by default', () => {
    expect(parseServerOptions([], {})).toMatchObject({ role: 'all', natsUrl: 'nats://127.0.0.1:4222' });
    expect(
      parseServerOptions(['--role', 'gateway', '--gateway-id', 'gw-1'], {
        NATS_URL: 'nats://127.0.0.1:5000',
      }),
    ).toMatchObject({ role: 'gateway', gatewayId: 'gw-1', natsUrl: 'nats://127.0.0.1:5000' });
    expect(parseServerOptions(['--role', 'core', '--nats', 'nats://10.0.0.1:4222'], {})).toMatchObject({
      role: 'core',
      natsUrl: 'nats://10.0.0.1:4222',
    });
  });

  it('refuses what it cannot use, with a message', () => {
    for (const argv of [
      ['--port', '70000'],
      ['--port', 'abc'],
      ['--seed', '1.5'],
      ['--seed'],
      ['--data', '--port'],
      ['--max-body', '10'],
      ['--what'],
      ['--rate', '-1'],
      ['--role', 'leader'],
      ['--role'],
      ['--gateway-id', 'a.b'],
      ['--role', 'gateway', '--demo'],
      ['--role', 'core', '--socket-gateway', 'on'],
    ]) {
      expect(() => parseServerOptions(argv, {})).toThrow(/--/);
    }
  });

  it('--socket-gateway on or off (the default), nothing else', () => {
    expect(parseServerOptions([], {}).socketGateway).toBe(false);
    expect(parseServerOptions(['--socket-gateway', 'off'], {}).socketGateway).toBe(false);
    expect(parseServerOptions(['--socket-gateway', 'on'], {}).socketGateway).toBe(true);
    expect(() => parseServerOptions(['--socket-gateway', 'maybe'], {})).toThrow(/on or off/);
  });

  it('--demo only on loopback: a demo serves codes and controls to whoever reaches it', () => {
    expect(parseServerOptions(['--demo'], {}).demo).toBe(true);
    expect(parseServerOptions([], {}).demo).toBe(false);
    expect(parseServerOptions(['--demo', '--host', '::1'], {}).demo).toBe(true);
    expect(() => parseServerOptions(['--demo', '--host', '0.0.0.0'], {})).toThrow(/--host must be loopback/);
  });

  it('--app <dir>: the built app served beside the API, by a process with HTTP only', () => {
    expect(parseServerOptions([], {}).app).toBeUndefined();
    expect(parseServerOptions(['--app', 'dist'], {}).app).toBe('dist');
    expect(parseServerOptions(['--role', 'gateway', '--app', 'dist'], {}).app).toBe('dist');
    expect(() => parseServerOptions(['--app'], {})).toThrow(/--app needs a value/);
    expect(() => parseServerOptions(['--role', 'core', '--app', 'dist'], {})).toThrow(/--app needs HTTP/);
  });
});
