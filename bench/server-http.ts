import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { EXPECTED_REFUSALS } from './server-refusals.ts';

/**
 * The benchmark's HTTP side (bench/server.ts): calls `/api/<path>` the way Tessera's http transport
 * does (headers `lang` and `authorization`, a JSON body and an `x-request-id` on POST, GET payloads
 * as the query) over keep-alive connections, times each call, and sorts every answer into
 * ok / refused (by message key) / error. node:http rather than fetch: it costs the client less CPU,
 * and the client shares two cores with the server it measures.
 */

export type Outcome =
  | { kind: 'ok'; data: unknown }
  | { kind: 'refused'; key: string; expected: boolean }
  | { kind: 'error'; error: string };

/** Latencies and outcomes of one phase (sign-up, load), per call kind. */
export class CallRecorder {
  readonly latencies = new Map<string, number[]>();
  readonly ok = new Map<string, number>();
  /** `kind: key` of code-0 answers that are expected business refusals. */
  readonly refusals = new Map<string, number>();
  /** `kind: what` of everything else: non-code-1 answers that are not expected, transport faults, timeouts. */
  readonly errors = new Map<string, number>();
  calls = 0;
  errorCount = 0;
  /** performance.now() of the first call's start and the last call's end. */
  firstStart = Number.POSITIVE_INFINITY;
  lastEnd = 0;

  record(kind: string, startedAt: number, endedAt: number, outcome: Outcome): void {
    this.calls++;
    this.firstStart = Math.min(this.firstStart, startedAt);
    this.lastEnd = Math.max(this.lastEnd, endedAt);
    let samples = this.latencies.get(kind);
    if (!samples) this.latencies.set(kind, (samples = []));
    samples.push(endedAt - startedAt);
    if (outcome.kind === 'ok') bump(this.ok, kind);
    else if (outcome.kind === 'refused' && outcome.expected) bump(this.refusals, `${kind}: ${outcome.key}`);
    else {
      this.errorCount++;
      bump(this.errors, `${kind}: ${outcome.kind === 'refused' ? `code 0 ${outcome.key}` : outcome.error}`);
    }
  }

  countOf(map: Map<string, number>, kind: string): number {
    let total = 0;
    for (const [name, count] of map) if (name === kind || name.startsWith(`${kind}: `)) total += count;
    return total;
  }
}

function bump(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

export interface CallOptions {
  token?: string;
  /** Extra headers (the operator token of sim/* calls). */
  headers?: Record<string, string>;
  /** The name the call is recorded under (default its path). */
  kind?: string;
  /** This call's timeout instead of the client's. */
  timeoutMs?: number;
}

export class ApiClient {
  private readonly agent: Agent;
  private readonly host: string;
  private readonly port: number;

  constructor(
    private readonly base: string,
    private readonly recorder: () => CallRecorder,
    /** Turns a code-0 message into its locale key (server-refusals.ts). */
    private readonly messageKey: (message: string) => string | null,
    private readonly timeoutMs: number,
    /** Keep-alive connections at most (one user: one, as a browser tab mostly uses one). */
    maxSockets = Number.POSITIVE_INFINITY,
  ) {
    const url = new URL(base);
    this.host = url.hostname;
    this.port = Number(url.port);
    this.agent = new Agent({ keepAlive: true, maxSockets });
  }

  /**
   * A client with one keep-alive connection of its own, for one user's closed loop: the connection
   * is busy every few ms, so it is never idle near the server's 5 s keep-alive timeout. (A shared
   * pool hands out its least recently used connections now and then, and reusing one the server is
   * closing at that moment fails with ECONNRESET: Node's known keep-alive race, nodejs/node#47130.)
   */
  ownConnection(): ApiClient {
    return new ApiClient(this.base, this.recorder, this.messageKey, this.timeoutMs, 1);
  }

  get(path: string, query: Record<string, string | number>, options: CallOptions = {}): Promise<Outcome> {
    const search = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)]));
    const text = search.toString();
    return this.send('GET', path, text ? `${path}?${text}` : path, undefined, options);
  }

  post(path: string, payload: Record<string, unknown>, options: CallOptions = {}): Promise<Outcome> {
    return this.send('POST', path, path, JSON.stringify(payload), options);
  }

  close(): void {
    this.agent.destroy();
  }

  private send(
    method: 'GET' | 'POST',
    path: string,
    target: string,
    body: string | undefined,
    options: CallOptions,
  ): Promise<Outcome> {
    const kind = options.kind ?? path;
    const headers: Record<string, string | number> = {
      lang: 'en',
      authorization: options.token ?? '',
      ...options.headers,
    };
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(body);
      headers['x-request-id'] = randomUUID();
    }
    return new Promise((resolve) => {
      const startedAt = performance.now();
      let settled = false;
      const finish = (outcome: Outcome) => {
        if (settled) return;
        settled = true;
        // A call that opened its connection (a user's first, or after the server closed an idle
        // one) pays the TCP handshake and the server's accept: it is recorded apart, so the
        // steady state's tail is not the arrival's.
        const named = call.reusedSocket ? kind : `${kind} (new connection)`;
        this.recorder().record(named, startedAt, performance.now(), outcome);
        resolve(outcome);
      };
      const call = request(
        { host: this.host, port: this.port, method, path: `/api/${target}`, headers, agent: this.agent },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', (error) => finish({ kind: 'error', error: `transport ${errorName(error)}` }));
          response.on('end', () => {
            const status = response.statusCode ?? 0;
            finish(this.outcomeOf(status, Buffer.concat(chunks).toString('utf8')));
          });
        },
      );
      const timeoutMs = options.timeoutMs ?? this.timeoutMs;
      call.setTimeout(timeoutMs, () => {
        finish({ kind: 'error', error: `timeout (${timeoutMs} ms)` });
        call.destroy();
      });
      call.on('error', (error) => finish({ kind: 'error', error: `transport ${errorName(error)}` }));
      call.end(body);
    });
  }

  private outcomeOf(status: number, text: string): Outcome {
    let envelope: { code?: unknown; msg?: unknown; data?: unknown };
    try {
      envelope = JSON.parse(text) as typeof envelope;
    } catch {
      return { kind: 'error', error: `http ${status}, not JSON` };
    }
    const message = typeof envelope.msg === 'string' ? envelope.msg : '';
    if (status !== 200)
      return { kind: 'error', error: `http ${status} ${this.messageKey(message) ?? message}` };
    if (envelope.code === 1) return { kind: 'ok', data: envelope.data };
    if (envelope.code === 0) {
      const key = this.messageKey(message) ?? `"${message.slice(0, 60)}"`;
      return { kind: 'refused', key, expected: EXPECTED_REFUSALS.has(key) };
    }
    return { kind: 'error', error: `code ${JSON.stringify(envelope.code)}` };
  }
}

function errorName(error: Error): string {
  const code = (error as NodeJS.ErrnoException).code;
  return code ?? error.message;
}
