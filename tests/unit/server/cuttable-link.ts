import { createServer, connect, type AddressInfo, type Socket } from 'node:net';

/**
 * A TCP relay between the store and PostgreSQL that a test can cut, stall and restore: a database
 * out of reach for as long as the test wants, without touching the PostgreSQL that other tests
 * share. Cut, it resets every open connection and every new one (the store sees its connection die
 * and its reconnections fail). Stalled, it goes silent: nothing is relayed and nothing is closed, as
 * when a network drops packets (only a timeout can tell). Restored, it resets whatever it held
 * silent (both ends see the connection die) and relays again.
 */
export interface CuttableLink {
  /** `databaseUrl` with its host and port replaced by the relay's. */
  url: string;
  cut(): void;
  stall(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function openCuttableLink(databaseUrl: string): Promise<CuttableLink> {
  const target = new URL(databaseUrl);
  const open = new Set<Socket>();
  let mode: 'relay' | 'cut' | 'stall' = 'relay';
  const relay = createServer((downstream) => {
    downstream.on('error', () => downstream.destroy());
    if (mode === 'cut') return void downstream.resetAndDestroy();
    if (mode === 'stall') {
      // Held open, never answered, until restore() resets it.
      downstream.pause();
      open.add(downstream);
      downstream.on('close', () => open.delete(downstream));
      return;
    }
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const [socket, other] of [
      [downstream, upstream],
      [upstream, downstream],
    ] as const) {
      open.add(socket);
      socket.on('error', () => other.destroy());
      socket.on('close', () => {
        open.delete(socket);
        other.destroy();
      });
    }
    downstream.pipe(upstream);
    upstream.pipe(downstream);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String((relay.address() as AddressInfo).port);
  return {
    url: url.toString(),
    cut() {
      mode = 'cut';
      for (const socket of open) socket.resetAndDestroy();
    },
    stall() {
      mode = 'stall';
      for (const socket of open) socket.pause();
    },
    restore() {
      if (mode === 'stall') for (const socket of open) socket.resetAndDestroy();
      mode = 'relay';
    },
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => relay.close(() => resolve()));
    },
  };
}
