import { decodeFeed, feedFromBase64 } from './feed-format.ts';
import type { FeedLibrary } from './feed-library.ts';
import type { RecordedFeed } from './recorded-feed.ts';
import { FEED_BASE64 } from './samples/btc-usdt-sample.ts';

/**
 * The feed shipped with the app: an hour of BTC/USDT reference ticks, one a second, made by the
 * project's own recorder (`npm run sim:record`, see scripts/record-feed.ts).
 */
export const SAMPLE_FEED_NAME = 'btc-usdt-sample';

export function sampleFeed(): RecordedFeed {
  return decodeFeed(feedFromBase64(FEED_BASE64));
}

/** Stores the sample in the library once, so it can be listed and replayed like any recorded feed. */
export async function ensureSampleFeed(library: FeedLibrary): Promise<void> {
  const stored = await library.list();
  if (!stored.some((row) => row.name === SAMPLE_FEED_NAME))
    await library.save(SAMPLE_FEED_NAME, sampleFeed());
}
