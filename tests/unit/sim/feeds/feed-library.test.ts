import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeFeed } from '../../../../src/sim/feeds/feed-format.ts';
import { CHUNK_TICKS, FeedLibrary } from '../../../../src/sim/feeds/feed-library.ts';
import type { RecordedFeed } from '../../../../src/sim/feeds/recorded-feed.ts';
import { ensureSampleFeed, SAMPLE_FEED_NAME, sampleFeed } from '../../../../src/sim/feeds/sample-feed.ts';

let library: FeedLibrary | undefined;
let counter = 0;

function open(): FeedLibrary {
  library = new FeedLibrary({ name: `feeds-test-${++counter}` });
  return library;
}

afterEach(() => {
  library?.close();
});

function feed(ticks: number, price = 100): RecordedFeed {
  return {
    header: { symbol: 'ETH/USDT', source: 'test', priceDecimals: 2 },
    times: Float64Array.from({ length: ticks }, (_, i) => 1_000 * i),
    prices: Float64Array.from({ length: ticks }, (_, i) => price + (i % 7)),
  };
}

describe('the feed library (IndexedDB "tessera-feeds")', () => {
  it('stores a feed in chunks and loads it back whole', async () => {
    const lib = open();
    const original = feed(2 * CHUNK_TICKS + 17);
    await lib.save('long', original);
    const loaded = await lib.load('long');
    expect(loaded?.header).toEqual(original.header);
    expect(loaded?.times).toEqual(original.times);
    expect(loaded?.prices).toEqual(original.prices);
    expect((await lib.list()).map((row) => [row.name, row.tickCount])).toEqual([
      ['long', 2 * CHUNK_TICKS + 17],
    ]);
  });

  it('imports a .feed.gz file, replaces a feed of the same name, and deletes', async () => {
    const lib = open();
    await lib.importFile('f', encodeFeed(feed(10)));
    await lib.importFile('f', encodeFeed(feed(5, 200)));
    expect((await lib.load('f'))?.prices[0]).toBe(200);
    expect(await lib.list()).toHaveLength(1);
    await lib.delete('f');
    expect(await lib.load('f')).toBeUndefined();
  });

  it('holds the shipped sample once, however often it is ensured', async () => {
    const lib = open();
    await ensureSampleFeed(lib);
    await ensureSampleFeed(lib);
    expect((await lib.list()).map((row) => row.name)).toEqual([SAMPLE_FEED_NAME]);
    expect((await lib.load(SAMPLE_FEED_NAME))?.times).toEqual(sampleFeed().times);
  });
});
