import type { RecordedFeed } from '../feeds/recorded-feed.ts';

/**
 * The recorded feeds shipped with the app (made with `npm run sim:record`, see each module's first
 * line). Each is its own module, imported only when it is first replayed, so none of them weighs
 * on the first load of the page or of the simulator's worker.
 */
export interface ShippedFeed {
  name: string;
  symbol: string;
  /** Recorded span, ms (first to last tick). */
  duration: number;
  load(): Promise<RecordedFeed>;
}

type FeedModule = { FEED_BASE64: string };

function shipped(
  name: string,
  symbol: string,
  duration: number,
  importModule: () => Promise<FeedModule>,
): ShippedFeed {
  return {
    name,
    symbol,
    duration,
    load: async () => {
      // The decoder (with fflate) loads with the first feed too: the worker's first stage lists the
      // feeds but never decodes one.
      const [{ decodeFeed, feedFromBase64 }, { FEED_BASE64 }] = await Promise.all([
        import('../feeds/feed-format.ts'),
        importModule(),
      ]);
      return decodeFeed(feedFromBase64(FEED_BASE64));
    },
  };
}

const HOUR = 3_600_000;

export const SHIPPED_FEEDS: readonly ShippedFeed[] = [
  shipped('calm-day', 'BTC/USDT', 24 * HOUR, () => import('../feeds/samples/calm-day.ts')),
  shipped('crash-rebound', 'BTC/USDT', 6 * HOUR, () => import('../feeds/samples/crash-rebound.ts')),
  shipped('thin-altcoin', 'BIB/USDT', 8 * HOUR, () => import('../feeds/samples/thin-altcoin.ts')),
  shipped('btc-usdt-sample', 'BTC/USDT', HOUR, () => import('../feeds/samples/btc-usdt-sample.ts')),
];

export function shippedFeed(name: string): ShippedFeed | undefined {
  return SHIPPED_FEEDS.find((feed) => feed.name === name);
}
