import type { EventLog } from './event-log.ts';

/**
 * An event log that loads its implementation on first use: every call waits for it, and the calls
 * reach it in the order they were made. The worker's first stage holds one of these, so
 * the market opens without Dexie (98 KB of the first stage's 315), which a fresh profile does not
 * touch before the second stage.
 *
 * `load` runs once, at the first call or `loaded()`. A log that fails to load fails every call with
 * that error. `close()` before anything loaded it does nothing; after, it closes the log.
 */
export class LateEventLog<Log extends EventLog = EventLog> implements EventLog {
  private loadingLog: Promise<Log> | null = null;

  constructor(private readonly load: () => Promise<Log>) {}

  /** The log itself, loading it now if nothing has yet. */
  loaded(): Promise<Log> {
    return (this.loadingLog ??= this.load());
  }

  private get loading(): Promise<Log> {
    return this.loaded();
  }

  async commit(...args: Parameters<EventLog['commit']>): ReturnType<EventLog['commit']> {
    return (await this.loading).commit(...args);
  }

  async answerOf(...args: Parameters<EventLog['answerOf']>): ReturnType<EventLog['answerOf']> {
    return (await this.loading).answerOf(...args);
  }

  async recordAnswer(...args: Parameters<EventLog['recordAnswer']>): ReturnType<EventLog['recordAnswer']> {
    return (await this.loading).recordAnswer(...args);
  }

  async appendRaw(...args: Parameters<EventLog['appendRaw']>): ReturnType<EventLog['appendRaw']> {
    return (await this.loading).appendRaw(...args);
  }

  async readEvents(...args: Parameters<EventLog['readEvents']>): ReturnType<EventLog['readEvents']> {
    return (await this.loading).readEvents(...args);
  }

  async readHistory(...args: Parameters<EventLog['readHistory']>): ReturnType<EventLog['readHistory']> {
    return (await this.loading).readHistory(...args);
  }

  async writeSnapshot(...args: Parameters<EventLog['writeSnapshot']>): ReturnType<EventLog['writeSnapshot']> {
    return (await this.loading).writeSnapshot(...args);
  }

  async getSetting(...args: Parameters<EventLog['getSetting']>): ReturnType<EventLog['getSetting']> {
    return (await this.loading).getSetting(...args);
  }

  async setSetting(...args: Parameters<EventLog['setSetting']>): ReturnType<EventLog['setSetting']> {
    return (await this.loading).setSetting(...args);
  }

  close(): void {
    void this.loadingLog?.then(
      (log) => log.close(),
      () => undefined,
    );
  }
}
