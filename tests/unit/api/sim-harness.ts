import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MessageChannel } from 'node:worker_threads';
import type { Transport } from '../../../src/api/transport.ts';
import { createHttpTransport } from '../../../src/api/transports/http.ts';
import { createSimTransport, type SimPort } from '../../../src/api/transports/sim.ts';
import { ManualClock } from '../../../src/sim/clock.ts';
import { servePort, type SimServerPort } from '../../../src/sim/serve-port.ts';
import { loadServerMessages } from '../../../src/sim/server-messages.ts';
import { createSimulator, type Simulator } from '../../../src/sim/simulator.ts';

export const SIM_START = Date.UTC(2026, 10, 1, 12, 0, 0);

/**
 * One simulator, reached through both transports: `sim` over a MessageChannel (as the worker
 * would be), `http` over a real local HTTP server that forwards to the same simulator. Contract
 * tests run against both and must see identical answers.
 */
export interface Harness {
  simulator: Simulator;
  /** The simulator's clock: tests move simulated time with it. */
  clock: ManualClock;
  transports: Record<'sim' | 'http', Transport>;
  close(): Promise<void>;
}

function readBody(request: import('node:http').IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

export async function startHarness(): Promise<Harness> {
  const clock = new ManualClock(SIM_START);
  const simulator = await createSimulator({
    clock,
    messages: loadServerMessages,
  });

  const channel = new MessageChannel();
  servePort(channel.port2 as unknown as SimServerPort, Promise.resolve(simulator.server));
  channel.port1.start();
  const sim = createSimTransport(channel.port1 as unknown as SimPort);

  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const path = url.pathname.replace(/^\/api\//, '');
      const method = request.method === 'POST' ? 'POST' : 'GET';
      let payload: Record<string, unknown> = {};
      if (method === 'GET') {
        // Query strings carry text: numbers are coerced by the contract's payload schemas.
        payload = Object.fromEntries(url.searchParams.entries());
      } else {
        const body = await readBody(request);
        payload = body ? (JSON.parse(body) as Record<string, unknown>) : {};
      }
      const envelope = await simulator.server.handle({
        method,
        path,
        payload,
        headers: {
          lang: String(request.headers.lang ?? 'en'),
          authorization: String(request.headers.authorization ?? ''),
        },
        timeoutMs: 20_000,
      });
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(envelope));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const http = createHttpTransport({
    base: `http://127.0.0.1:${port}`,
    socketUrl: `ws://127.0.0.1:${port}/socket`,
  });

  return {
    simulator,
    clock,
    transports: { sim, http },
    close: async () => {
      channel.port1.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
