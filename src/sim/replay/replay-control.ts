import {
  isGeneratorSeed,
  isSeekPosition,
  MAX_STEP_MS,
  replayPosition,
  STEP_MS,
} from '../../domain/replay.ts';
import type { FeedLibrary, FeedLibraryOptions } from '../feeds/feed-library.ts';
import { openFeedLibrary } from '../feeds/open-feed-library.ts';
import { FeedReplay } from '../feeds/feed-replay.ts';
import type { RecordedFeed } from '../feeds/recorded-feed.ts';
import type { ReferenceSource } from '../feeds/reference-source.ts';
import { ReferenceGenerator } from '../feeds/reference-generator.ts';
import { SIM_NOW_KEY } from '../market/demo-speed.ts';
import type { Market } from '../market/market.ts';
import { PAIRS } from '../market/pairs.ts';
import type { SettingValue } from '../store/database.ts';
import { RebasedGenerator } from './rebased-generator.ts';
import { SHIPPED_FEEDS, shippedFeed } from './shipped-feeds.ts';

/**
 * Where the market's reference comes from, as kept in the store's settings ("sim.replay"):
 * - live: the seeded generator; a seed other than the market's own is followed from `since`.
 * - feed: a recorded feed, anchored at the market's price at `anchorAt` (when it was chosen); at
 *   simulated time `seekAt` it was at `position` ms of the feed and plays on with the one clock.
 */
export type MarketSource =
  | { kind: 'live'; seed: number; since: number }
  | { kind: 'feed'; feed: string; anchorAt: number; seekAt: number; position: number };

export const REPLAY_SETTING_KEY = 'sim.replay';
export const PAUSED_SETTING_KEY = 'sim.paused';
/** Where the worker keeps simulated time (every 2 s), and a replay at once on every change. */
export { SIM_NOW_KEY };

export function isTimeControl(clock: object): clock is TimeControl {
  return ['pause', 'resume', 'skip'].every(
    (method) => typeof (clock as Record<string, unknown>)[method] === 'function',
  );
}

/** The clock a replay controls: ScaledClock. */
export interface TimeControl {
  now(): number;
  readonly speed: number;
  readonly paused: boolean;
  pause(): void;
  resume(): void;
  skip(ms: number): void;
}

export interface ReplaySettings {
  getSetting(key: string): Promise<SettingValue | undefined>;
  setSetting(key: string, value: SettingValue): Promise<void>;
}

/** A feed the developer menu can choose: shipped with the app, or a file someone dropped in. */
export interface FeedChoice {
  name: string;
  symbol: string;
  duration: number;
  kind: 'shipped' | 'file';
}

/** Files dropped in are stored under this prefix, so they never take a shipped feed's name. */
export const FILE_FEED_PREFIX = 'file:';

/** Why a replay command was refused: a server message key (locales, section "server"). */
export class ReplayRefusal extends Error {
  constructor(readonly key: string) {
    super(key);
  }
}

export interface ReplayState {
  source: 'live' | 'feed';
  /** The live generator's seed in effect (also while a feed plays over it). */
  seed: number;
  feed: string | null;
  symbol: string | null;
  /** The feed's recorded span, ms (0 for the live generator). */
  duration: number;
  /** Where the feed was (ms from its first tick) at simulated time seek_at. */
  position: number;
  seek_at: number;
  now: number;
  speed: number;
  paused: 0 | 1;
  feeds: FeedChoice[];
}

/**
 * The market source chooser and the replay's time control: which reference the market follows
 * (the live generator with a seed, a shipped feed, a dropped file), where a feed is (seek), and the
 * one clock's pause and step. Every change is kept in the store's settings, so a reload resumes
 * where it was; the same settings restore it when the simulator opens.
 */
export class ReplayControl {
  private source: MarketSource;
  private duration = 0;
  private symbol: string | null = null;
  private library: Promise<FeedLibrary> | null = null;

  constructor(
    private readonly market: Market,
    private readonly clock: TimeControl,
    private readonly settings: ReplaySettings | null,
    private readonly libraryOptions: FeedLibraryOptions = {},
    /** Called after every change (the clock push, so every tab's controls follow). */
    private readonly changed: () => void = () => undefined,
  ) {
    this.source = { kind: 'live', seed: market.generator.seed, since: market.openedAt };
  }

  /** Takes over what readSavedReplay found (the market already opened on its reference). */
  adopt(saved: SavedReplay): void {
    if (saved.paused) this.clock.pause();
    if (saved.source?.kind === 'live') this.applyLive(saved.source);
    else if (saved.source?.kind === 'feed' && saved.feed) this.applyFeed(saved.source, saved.feed);
  }

  async state(): Promise<ReplayState> {
    const { source } = this;
    return {
      source: source.kind,
      seed: source.kind === 'live' ? source.seed : this.liveSeed,
      feed: source.kind === 'feed' ? source.feed : null,
      symbol: this.symbol,
      duration: this.duration,
      position: source.kind === 'feed' ? source.position : 0,
      seek_at: source.kind === 'feed' ? source.seekAt : this.clock.now(),
      now: this.clock.now(),
      speed: this.clock.speed,
      paused: this.clock.paused ? 1 : 0,
      feeds: await this.feeds(),
    };
  }

  async feeds(): Promise<FeedChoice[]> {
    const shipped: FeedChoice[] = SHIPPED_FEEDS.map(({ name, symbol, duration }) => ({
      name,
      symbol,
      duration,
      kind: 'shipped',
    }));
    // Without IndexedDB (the Node server) there is no file library: the shipped feeds only.
    const stored = this.hasLibrary() ? await (await this.openLibrary()).list() : [];
    const files: FeedChoice[] = stored
      .filter((row) => row.name.startsWith(FILE_FEED_PREFIX))
      .map((row) => ({
        name: row.name,
        symbol: row.header.symbol,
        duration: row.lastTime - row.firstTime,
        kind: 'file',
      }));
    return [...shipped, ...files];
  }

  /** The live generator with `seed` from now on (the market's own seed: exactly the generator). */
  async chooseLive(seed: unknown): Promise<void> {
    if (!isGeneratorSeed(seed)) throw new ReplayRefusal('seedInvalid');
    const now = this.market.advanceToNow();
    this.applyLive({ kind: 'live', seed, since: now });
    await this.save();
  }

  /** A shipped or stored feed, from its beginning, anchored at the market's price now. */
  async chooseFeed(name: unknown): Promise<void> {
    if (typeof name !== 'string') throw new ReplayRefusal('feedUnknown');
    const feed = await this.loadFeed(name);
    const now = this.market.advanceToNow();
    this.applyFeed({ kind: 'feed', feed: name, anchorAt: now, seekAt: now, position: 0 }, feed);
    await this.save();
  }

  /**
   * A dropped file (base64 of a .feed.gz): checked, stored under "file:<name>" and chosen. The
   * reasons a file is refused are the format's (feed-format.ts); a pair the market does not list
   * is refused too, since nothing could follow it.
   */
  async chooseFile(fileName: unknown, base64: unknown): Promise<void> {
    if (!this.hasLibrary()) throw new ReplayRefusal('feedFilesUnavailable');
    if (typeof fileName !== 'string' || typeof base64 !== 'string') throw new ReplayRefusal('feedInvalid');
    if (base64.length > MAX_FILE_BASE64) throw new ReplayRefusal('feedTooLarge');
    const { decodeFeed, feedFromBase64 } = await import('../feeds/feed-format.ts');
    let feed: RecordedFeed;
    try {
      feed = decodeFeed(feedFromBase64(base64));
    } catch (error) {
      if (error instanceof RangeError && /too large/.test(error.message))
        throw new ReplayRefusal('feedTooLarge');
      throw new ReplayRefusal('feedInvalid');
    }
    if (!PAIRS.some((pair) => pair.symbol === feed.header.symbol)) throw new ReplayRefusal('feedUnknownPair');
    const name = FILE_FEED_PREFIX + fileLabel(fileName);
    await (await this.openLibrary()).save(name, feed);
    const now = this.market.advanceToNow();
    this.applyFeed({ kind: 'feed', feed: name, anchorAt: now, seekAt: now, position: 0 }, feed);
    await this.save();
  }

  /** Moves the playing feed to `position` ms after its first tick. */
  async seek(position: unknown): Promise<void> {
    const { source } = this;
    if (source.kind !== 'feed') throw new ReplayRefusal('replayNoFeed');
    if (!isSeekPosition(position, this.duration)) throw new ReplayRefusal('seekOutOfRange');
    const feed = await this.loadFeed(source.feed);
    const now = this.market.advanceToNow();
    this.applyFeed({ ...source, seekAt: now, position }, feed);
    await this.save();
  }

  async pause(): Promise<void> {
    this.market.advanceToNow();
    this.clock.pause();
    await this.settings?.setSetting(PAUSED_SETTING_KEY, true);
    await this.saveTime();
    this.changed();
  }

  async play(): Promise<void> {
    this.clock.resume();
    await this.settings?.setSetting(PAUSED_SETTING_KEY, false);
    await this.saveTime();
    this.changed();
  }

  /** Moves the one clock on by `ms` (default one second): the market, micro, lever and earnings follow. */
  async step(ms: unknown = STEP_MS): Promise<void> {
    if (typeof ms !== 'number' || !Number.isInteger(ms) || ms < 1 || ms > MAX_STEP_MS)
      throw new ReplayRefusal('stepOutOfRange');
    this.clock.skip(ms);
    this.market.advanceToNow();
    await this.saveTime();
    this.changed();
  }

  /**
   * The worker saves simulated time every two seconds; a paused clock that was just stepped would
   * otherwise reopen up to two seconds early, before what it stamped. Saved at once instead.
   */
  private async saveTime(): Promise<void> {
    await this.settings?.setSetting(SIM_NOW_KEY, this.clock.now());
  }

  close(): void {
    void this.library?.then(
      (library) => library.close(),
      () => undefined,
    );
    this.library = null;
  }

  private get liveSeed(): number {
    return this.market.generator.seed;
  }

  private applyLive(source: Extract<MarketSource, { kind: 'live' }>): void {
    this.market.useReference(referenceOf(this.market.generator, source));
    this.source = source;
    this.duration = 0;
    this.symbol = null;
  }

  private applyFeed(source: Extract<MarketSource, { kind: 'feed' }>, feed: RecordedFeed): void {
    this.market.useReference(referenceOf(this.market.generator, source, feed));
    this.source = source;
    this.duration = feed.times[feed.times.length - 1]! - feed.times[0]!;
    this.symbol = feed.header.symbol;
  }

  private loadFeed(name: string): Promise<RecordedFeed> {
    return loadFeed(name, () => this.openLibrary());
  }

  private async save(): Promise<void> {
    await this.settings?.setSetting(REPLAY_SETTING_KEY, { ...this.source });
    await this.saveTime();
    this.changed();
  }

  private hasLibrary(): boolean {
    return this.libraryOptions.indexedDB !== undefined || typeof indexedDB !== 'undefined';
  }

  private openLibrary(): Promise<FeedLibrary> {
    this.library ??= openFeedLibrary(this.libraryOptions).catch((error: unknown) => {
      // Not loaded (its chunk, say): the next use tries again.
      this.library = null;
      throw error;
    });
    return this.library;
  }

  /** Where the feed is now (for tests and the state answer's readers). */
  positionNow(): number {
    const { source } = this;
    if (source.kind !== 'feed') return 0;
    return replayPosition(
      { position: source.position, seekAt: source.seekAt, duration: this.duration },
      this.clock.now(),
    );
  }
}

/** What the settings kept, read before the market opens (so it opens on the kept reference). */
export interface SavedReplay {
  paused: boolean;
  source?: MarketSource;
  /** The kept feed, loaded (source feed only). */
  feed?: RecordedFeed;
}

/**
 * Reads the kept market source, pause and feed. A feed that no longer loads (a dropped file the
 * browser cleared) leaves the live generator: the exchange opens either way.
 */
export async function readSavedReplay(
  settings: ReplaySettings,
  libraryOptions: FeedLibraryOptions = {},
): Promise<SavedReplay> {
  const [kept, paused] = await Promise.all([
    settings.getSetting(REPLAY_SETTING_KEY),
    settings.getSetting(PAUSED_SETTING_KEY),
  ]);
  const source = parseMarketSource(kept);
  const saved: SavedReplay = { paused: paused === true };
  if (source?.kind === 'live') return { ...saved, source };
  if (source?.kind !== 'feed') return saved;
  let library: Promise<FeedLibrary> | undefined;
  try {
    const feed = await loadFeed(source.feed, () => (library ??= openFeedLibrary(libraryOptions)));
    return { ...saved, source, feed };
  } catch (error) {
    console.warn('sim: kept feed not restored', error);
    return saved;
  } finally {
    void library?.then(
      (opened) => opened.close(),
      () => undefined,
    );
  }
}

/** The reference a source makes the market follow, over the market's own generator. */
export function referenceOf(
  generator: ReferenceGenerator,
  source: MarketSource,
  feed?: RecordedFeed,
): ReferenceSource {
  if (source.kind === 'feed') {
    if (!feed) throw new RangeError('a feed source needs its feed');
    return new FeedReplay(generator, feed, {
      startAt: source.anchorAt,
      seekAt: source.seekAt,
      position: source.position,
    });
  }
  if (source.seed === generator.seed) return generator;
  return new RebasedGenerator(
    generator,
    new ReferenceGenerator({ seed: source.seed, epoch: generator.epoch }),
    source.since,
  );
}

async function loadFeed(name: string, library: () => Promise<FeedLibrary>): Promise<RecordedFeed> {
  const shipped = shippedFeed(name);
  if (shipped) return shipped.load();
  const stored = name.startsWith(FILE_FEED_PREFIX) ? await (await library()).load(name) : undefined;
  if (!stored) throw new ReplayRefusal('feedUnknown');
  return stored;
}

/** A dropped file's base64 may be at most this long (about 3 MB of .feed.gz). */
export const MAX_FILE_BASE64 = 4_000_000;

/** A file name as a feed label: letters, digits, dot, dash and underscore, at most 60. */
function fileLabel(fileName: string): string {
  const label = fileName
    .replace(/\.feed\.gz$/i, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .slice(0, 60);
  return label || 'feed';
}

export function parseMarketSource(value: unknown): MarketSource | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const finite = (key: string) => typeof record[key] === 'number' && Number.isFinite(record[key]);
  if (record.kind === 'live' && isGeneratorSeed(record.seed) && finite('since'))
    return { kind: 'live', seed: record.seed, since: record.since as number };
  if (
    record.kind === 'feed' &&
    typeof record.feed === 'string' &&
    finite('anchorAt') &&
    finite('seekAt') &&
    finite('position')
  )
    return {
      kind: 'feed',
      feed: record.feed,
      anchorAt: record.anchorAt as number,
      seekAt: record.seekAt as number,
      position: record.position as number,
    };
  return undefined;
}
