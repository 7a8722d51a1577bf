import { closeSync, fdatasync, fstatSync, openSync } from 'node:fs';

/**
 * fdatasync of one file (SQLite's write-ahead log) on the thread pool, through a descriptor kept
 * open between flushes, so a flush is one trip to the thread pool. Opening and closing the file
 * around each flush cost two more trips, and each trip's end waits for a turn of the event loop:
 * under load a flush took three busy turns (tens of ms) where the disk needed about a millisecond,
 * and every answer waited for it (output commit).
 *
 * A write-ahead log that is gone was checkpointed into the database and removed by SQLite as it
 * closed, which flushed the database first: nothing to flush. A descriptor whose file was removed
 * (no links left) is dropped and the path opened again, since SQLite may create a new log there.
 */
export class FileFlusher {
  private fd: number | null = null;

  constructor(private readonly path: string) {}

  flush(): Promise<void> {
    let fd: number | null;
    try {
      fd = this.descriptor();
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    if (fd === null) return Promise.resolve();
    const open = fd;
    return new Promise((resolve, reject) => fdatasync(open, (error) => (error ? reject(error) : resolve())));
  }

  /** Closes the descriptor; call once no flush runs (a later flush opens the file again). */
  close(): void {
    if (this.fd === null) return;
    closeSync(this.fd);
    this.fd = null;
  }

  private descriptor(): number | null {
    if (this.fd !== null && fstatSync(this.fd).nlink > 0) return this.fd;
    this.close();
    try {
      this.fd = openSync(this.path, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    return this.fd;
  }
}
