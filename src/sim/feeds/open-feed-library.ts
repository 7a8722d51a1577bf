import type { FeedLibrary, FeedLibraryOptions } from './feed-library.ts';

/**
 * The recorded-feed library, whose module (with Dexie, 98 KB) loads with its first use: a replay,
 * a dropped file or a kept feed to restore. The worker's first stage holds the market and its
 * replay controls but opens no library before one of those (the first quote waits for
 * the first stage to compile).
 */
export async function openFeedLibrary(options: FeedLibraryOptions = {}): Promise<FeedLibrary> {
  const { FeedLibrary } = await import('./feed-library.ts');
  return new FeedLibrary(options);
}
