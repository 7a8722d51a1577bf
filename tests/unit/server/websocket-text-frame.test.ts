import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { textFrame } from '../../../src/sim/node/websocket-text-frame.ts';

/**
 * The socket gateway writes frames it built itself (src/sim/node/websocket-text-frame.ts) to the
 * TCP socket, past ws: a real ws client must read each as the very text, at every length form of
 * the header (7-bit, 16-bit and 64-bit lengths) and with multi-byte characters.
 */
let server: WebSocketServer;
let url = '';
beforeAll(async () => {
  server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Whatever a client sends is the text to frame and send back raw, on the TCP socket itself.
  server.on('connection', (ws, request) =>
    ws.on('message', (data: Buffer) => request.socket.write(textFrame(data.toString('utf8')))),
  );
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('a WebSocket text frame built once for every socket', () => {
  it('is read back as the same text by a ws client, at every header length', async () => {
    const ws = new WebSocket(url);
    await new Promise((resolve) => ws.once('open', resolve));
    const texts = [
      '',
      'x',
      '{"type":"pong"}',
      'a'.repeat(125),
      'é'.repeat(63), // 126 bytes in 63 characters: the 16-bit length form
      'b'.repeat(65_535),
      'c'.repeat(65_536),
      '€'.repeat(40_000), // 120,000 bytes: the 64-bit length form
    ];
    for (const text of texts) {
      const echoed = new Promise<string>((resolve) =>
        ws.once('message', (data: Buffer, isBinary: boolean) =>
          resolve(isBinary ? 'binary!' : data.toString('utf8')),
        ),
      );
      ws.send(text);
      expect(await echoed).toBe(text);
    }
    ws.close();
  });
});
