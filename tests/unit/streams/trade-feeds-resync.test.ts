import { Subject, type Observable } from 'rxjs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../src/api/client.ts';
import type { Frame } from '../../../src/streams/frame.ts';
import { loadFrameSchemas } from '../../../src/streams/lazy-payloads.ts';
import type { ChannelSource } from '../../../src/streams/market.ts';
import {
  dealSnapshot$,
  depthFeed$,
  klineHistory$,
  type DealSnapshot,
} from '../../../src/streams/trade-feeds.ts';

/**
 * After a reconnect the book starts again from a fresh snapshot, whole (never merged into the
 * levels shown before the drop), and the chart's history is loaded again.
 */
function fakeSocket() {
  const channels = new Map<string, Subject<Frame>>();
  const source: ChannelSource = {
    channel: (name) => {
      let subject = channels.get(name);
      if (!subject) {
        subject = new Subject<Frame>();
        channels.set(name, subject);
      }
      return subject as Observable<Frame>;
    },
  };
  const pushDepth = (bid: string, seq: number) =>
    channels.get('MARKET_DEPTH.BTC/USDT')?.next({
      type: 'MARKET_DEPTH',
      symbol: 'BTC/USDT',
      seq,
      depth: { in: [level(bid)], out: [] },
    });
  return { source, pushDepth };
}

const level = (price: string) => ({ index: 0, price, number: '1', amount: price });
const deal = (bid: string): DealSnapshot => ({
  quotation: { currency_match_id: 1, close: '1', change: '0', high: '1', low: '1', volume: '1' },
  depth: { in: [level(bid)], out: [level('200')] },
  tx_completes: [{ time: 1_000, price: '1', number: '1', way: 2 }],
});

/** An API whose market/deal and market/kline answers the test resolves one by one. */
function fakeApi() {
  const calls: Array<{ path: string; resolve: (value: unknown) => void; reject: (error: Error) => void }> =
    [];
  const api = {
    call: (path: string) =>
      new Promise((resolve, reject) => {
        calls.push({ path, resolve, reject });
      }),
  } as unknown as ApiClient;
  const pending = (path: string) => calls.filter((call) => call.path === path);
  return { api, calls, pending };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeAll(() => loadFrameSchemas());

describe('trade feeds after a reconnect', () => {
  it('the book is the fresh snapshot, whole, until the first push after it', async () => {
    const socket = fakeSocket();
    const server = fakeApi();
    const reconnects = new Subject<void>();
    const deal$ = dealSnapshot$(server.api, 1, reconnects);
    const bids: string[][] = [];
    const subscription = depthFeed$(socket.source, 'BTC/USDT', deal$, reconnects).subscribe(({ value }) =>
      bids.push(value.in.map((row) => row.price)),
    );
    server.pending('market/deal')[0]?.resolve(deal('99'));
    await tick();
    socket.pushDepth('98', 1);
    reconnects.next();
    expect(server.pending('market/deal')).toHaveLength(2);
    server.pending('market/deal')[1]?.resolve(deal('90'));
    await tick();
    socket.pushDepth('91', 2);
    subscription.unsubscribe();
    expect(bids).toEqual([['99'], ['98'], ['90'], ['91']]);
  });

  it('a snapshot answered after a push of the same reconnect is older than it and is not shown', async () => {
    const socket = fakeSocket();
    const server = fakeApi();
    const reconnects = new Subject<void>();
    const deal$ = dealSnapshot$(server.api, 1, reconnects);
    const bids: string[][] = [];
    const subscription = depthFeed$(socket.source, 'BTC/USDT', deal$, reconnects).subscribe(({ value }) =>
      bids.push(value.in.map((row) => row.price)),
    );
    server.pending('market/deal')[0]?.resolve(deal('99'));
    await tick();
    reconnects.next();
    socket.pushDepth('97', 3);
    server.pending('market/deal')[1]?.resolve(deal('90'));
    await tick();
    subscription.unsubscribe();
    expect(bids).toEqual([['99'], ['97']]);
  });

  it('the chart history is loaded again after a reconnect; a failed reload keeps the bars shown', async () => {
    const server = fakeApi();
    const reconnects = new Subject<void>();
    const deal$ = dealSnapshot$(server.api, 1, reconnects);
    const answers: unknown[] = [];
    let failed = false;
    const subscription = klineHistory$(server.api, deal$, {
      matchId: 1,
      symbol: 'BTC/USDT',
      period: '1min',
    }).subscribe({
      next: (answer) => answers.push(answer),
      error: () => (failed = true),
    });
    server.pending('market/deal')[0]?.resolve(deal('99'));
    await tick();
    server.pending('market/kline')[0]?.resolve(['first']);
    await tick();
    reconnects.next();
    server.pending('market/deal')[1]?.resolve(deal('90'));
    await tick();
    server.pending('market/kline')[1]?.reject(new Error('down'));
    await tick();
    reconnects.next();
    server.pending('market/deal')[2]?.resolve(deal('91'));
    await tick();
    server.pending('market/kline')[2]?.resolve(['third']);
    await tick();
    subscription.unsubscribe();
    expect(answers).toEqual([['first'], ['third']]);
    expect(failed).toBe(false);
  });
});
