import type { Writable } from 'node:stream';

export type LogLevel = 'info' | 'warn' | 'error';
export type LogFields = Record<string, string | number | boolean | null | undefined>;

/**
 * The server's structured log: one JSON object per line (time, level, event, then the fields), on a
 * stream (stdout by default), so an operator can grep it or feed it to a log collector. Fields are
 * chosen by the caller: never a password, a token or a request body.
 */
export class JsonLog {
  constructor(
    private readonly out: Writable,
    /** Wall-clock time for the `time` field. */
    private readonly now: () => number,
  ) {}

  info(event: string, fields: LogFields = {}): void {
    this.write('info', event, fields);
  }

  warn(event: string, fields: LogFields = {}): void {
    this.write('warn', event, fields);
  }

  error(event: string, fields: LogFields = {}): void {
    this.write('error', event, fields);
  }

  private write(level: LogLevel, event: string, fields: LogFields): void {
    const line = JSON.stringify({ time: new Date(this.now()).toISOString(), level, event, ...fields });
    if (this.out.writable) this.out.write(`${line}\n`);
  }

  /** Resolves once every line written so far has been handed to the operating system. */
  flush(): Promise<void> {
    return new Promise((resolve) => {
      if (!this.out.writable) return resolve();
      this.out.write('', () => resolve());
    });
  }
}

/** Describes an error for a log line without its stack (the stack goes to a separate field). */
export function errorFields(error: unknown): LogFields {
  if (error instanceof Error) return { error: `${error.name}: ${error.message}`, stack: error.stack ?? null };
  return { error: String(error) };
}
