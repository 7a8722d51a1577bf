import { gunzipSync, gzipSync, strFromU8, strToU8 } from 'fflate';
import type { RecordedFeed } from './recorded-feed.ts';
import { KLINE_PERIODS } from '../market/periods.ts';

/**
 * Captures a real server's socket (the contract's frames, DESIGN.md) into a feed: every trade of
 * one pair in its GLOBAL_TX frames becomes a tick. The caller owns the connection and the clock;
 * this class only knows the frames, so it is tested without a network.
 */
export class SocketCapture {
  private readonly ticks: Array<[number, number]> = [];

  constructor(
    readonly symbol: string,
    readonly priceDecimals: number,
  ) {}

  /** Frames to send once the socket is open. */
  subscriptions(): string[] {
    return [JSON.stringify({ type: 'sub', params: `GLOBAL_TX.${this.symbol}` })];
  }

  /** Handles one server frame; `receivedAt` (ms) stands in for trades without a numeric time. */
  receive(text: string, receivedAt: number): void {
    let frame: unknown;
    try {
      frame = JSON.parse(text);
    } catch {
      return;
    }
    if (!isRecord(frame) || frame.type !== 'GLOBAL_TX' || frame.symbol !== this.symbol) return;
    const completes = Array.isArray(frame.completes) ? (frame.completes as unknown[]) : [];
    // Frames list trades newest first; the feed wants them oldest first.
    for (const complete of [...completes].reverse()) {
      if (!isRecord(complete)) continue;
      const price = Number(complete.price);
      if (!(price > 0) || !Number.isFinite(price)) continue;
      this.ticks.push([tradeTime(complete.time, receivedAt), price]);
    }
  }

  tickCount(): number {
    return this.ticks.length;
  }

  /** The captured ticks as a feed, in time order (a late frame's trades are sorted in). */
  toFeed(source: string): RecordedFeed {
    const sorted = [...this.ticks].sort((a, b) => a[0] - b[0]);
    return {
      header: { symbol: this.symbol, source, priceDecimals: this.priceDecimals },
      times: Float64Array.from(sorted, ([time]) => time),
      prices: Float64Array.from(sorted, ([, price]) => price),
    };
  }
}

/**
 * A trade's time in ms: numbers below 1e11 are seconds (servers send either); date strings carry
 * no time zone, so the time the frame arrived stands in for them.
 */
function tradeTime(time: unknown, receivedAt: number): number {
  if (typeof time !== 'number' || !Number.isFinite(time) || time <= 0) return receivedAt;
  return time < 1e11 ? time * 1000 : time;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One frame of a captured socket stream: its text as it arrived, and when (ms). */
export interface CapturedFrame {
  at: number;
  text: string;
}

/** The public channels a full capture of one pair subscribes to: candles of every period on their own. */
export function captureSubscriptions(symbol: string): string[] {
  return [
    'DAY_MARKET',
    `MARKET_DEPTH.${symbol}`,
    `GLOBAL_TX.${symbol}`,
    ...KLINE_PERIODS.map((period) => `KLINE.${symbol}.${period}`),
  ].map((params) => JSON.stringify({ type: 'sub', params }));
}

/**
 * The full socket stream of a running app (the simulator or a server), kept frame by frame as it
 * arrived. Stored as gzip around one JSON line per frame ({ at, text }), so a capture reads back
 * exactly as it was sent (see tape-replay.ts for what replays from it).
 */
export class StreamCapture {
  readonly frames: CapturedFrame[] = [];

  receive(text: string, at: number): void {
    this.frames.push({ at, text });
  }

  toFile(): Uint8Array {
    return gzipSync(strToU8(this.frames.map((frame) => JSON.stringify(frame)).join('\n')), { mtime: 0 });
  }

  static fromFile(file: Uint8Array): CapturedFrame[] {
    const lines = strFromU8(gunzipSync(file)).split('\n');
    return lines
      .filter((line) => line !== '')
      .map((line) => {
        const { at, text } = JSON.parse(line) as { at?: unknown; text?: unknown };
        if (typeof at !== 'number' || typeof text !== 'string') throw new RangeError('not a stream capture');
        return { at, text };
      });
  }
}
