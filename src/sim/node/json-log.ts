import type { Writable } from 'node:stream';
import { format } from 'node:util';

export type LogLevel = 'info' | 'warn' | 'error';
export type LogFields = Record<string, string | number | boolean | null | undefined>;

/** Buffered log text past which it is written at once rather than at the end of the turn. */
const MAX_PENDING_CHARS = 64 * 1024;

/**
 * The server's structured log: one JSON object per line (time, level, event, then the fields), on a
 * stream (stdout by default), so an operator can grep it or feed it to a log collector. Fields are
 * chosen by the caller: never a password, a token or a request body.
 *
 * The lines of one turn of the event loop are written together at its end: stdout on a pipe or a
 * file is written synchronously, one system call per write, and a busy server logs a line for every
 * request it answers.
 */
export class JsonLog {
  private pending = '';
  private scheduled = false;

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
    if (!this.out.writable) return;
    this.pending += `${line}\n`;
    if (this.pending.length >= MAX_PENDING_CHARS) return this.writePending();
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.writePending());
  }

  /** Hands the buffered lines to the stream now (synchronously, for stdout on a pipe or file). */
  writePending(): void {
    this.scheduled = false;
    if (this.pending === '') return;
    const text = this.pending;
    this.pending = '';
    if (this.out.writable) this.out.write(text);
  }

  /** Resolves once every line written so far has been handed to the operating system. */
  flush(): Promise<void> {
    this.writePending();
    return new Promise((resolve) => {
      if (!this.out.writable) return resolve();
      this.out.write('', () => resolve());
    });
  }
}

/**
 * Describes an error for a log line without its stack (the stack goes to a separate field), with
 * its code when it has one (PostgreSQL's SQLSTATE, Node's ECONNREFUSED...).
 */
export function errorFields(error: unknown): LogFields {
  if (!(error instanceof Error)) return { error: String(error) };
  const code = (error as { code?: unknown }).code;
  return {
    error: `${error.name}: ${error.message}`,
    ...(typeof code === 'string' ? { error_code: code } : {}),
    stack: error.stack ?? null,
  };
}

type ConsoleMethod = 'error' | 'warn' | 'info' | 'log';
const CONSOLE_LEVEL: Record<ConsoleMethod, LogLevel> = {
  error: 'error',
  warn: 'warn',
  info: 'info',
  log: 'info',
};

/**
 * Makes the console's error, warn, info and log write JSON lines to `log` (event `console`, the
 * text in `message`, the first error's fields beside it), so the simulator's own messages, written
 * for the browser's console, reach the server's log in its format. Returns the undo.
 */
export function sendConsoleTo(log: JsonLog, target: Pick<Console, ConsoleMethod> = console): () => void {
  const methods = Object.keys(CONSOLE_LEVEL) as ConsoleMethod[];
  const original = new Map(methods.map((method) => [method, target[method]]));
  for (const method of methods) {
    target[method] = (...args: unknown[]) => {
      const error = args.find((arg) => arg instanceof Error);
      const words = args.filter((arg) => arg !== error);
      const fields = { message: format(...words), ...(error === undefined ? {} : errorFields(error)) };
      log[CONSOLE_LEVEL[method]]('console', fields);
    };
  }
  return () => {
    for (const [method, write] of original) target[method] = write;
  };
}
