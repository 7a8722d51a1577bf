import { gunzipSync, gzipSync, strFromU8, strToU8 } from 'fflate';
import { checkFeed, type FeedHeader, type RecordedFeed } from './recorded-feed.ts';

/**
 * The recorded-feed file format (".feed.gz"), gzip around:
 *
 *   "TSFD"                 4 bytes, magic
 *   version                1 byte (1)
 *   header length          4 bytes, unsigned little-endian
 *   header                 UTF-8 JSON: { symbol, source, priceDecimals, start, count }
 *   count ticks            each: varint(ms since the previous tick, the first since `start`),
 *                                zigzag varint(change in price units of 10^-priceDecimals)
 *
 * Deltas in varints make a second-by-second feed about three bytes a tick before compression. The
 * gzip header carries no time stamp, so the same feed always encodes to the same bytes.
 */
const MAGIC = [0x54, 0x53, 0x46, 0x44]; // "TSFD"
const VERSION = 1;

interface StoredHeader extends FeedHeader {
  start: number;
  count: number;
}

export function encodeFeed(feed: RecordedFeed): Uint8Array {
  checkFeed(feed);
  const { header, times, prices } = feed;
  const scale = 10 ** header.priceDecimals;
  const stored: StoredHeader = { ...header, start: Math.floor(times[0]!), count: times.length };
  const headerBytes = strToU8(JSON.stringify(stored));
  const bytes: number[] = [...MAGIC, VERSION, ...u32(headerBytes.length), ...headerBytes];
  let previousTime = stored.start;
  let previousUnits = 0;
  for (let i = 0; i < times.length; i++) {
    const time = Math.floor(times[i]!);
    const units = Math.round(prices[i]! * scale);
    writeVarint(bytes, time - previousTime);
    writeVarint(bytes, zigzag(units - previousUnits));
    previousTime = time;
    previousUnits = units;
  }
  return gzipSync(Uint8Array.from(bytes), { level: 9, mtime: 0 });
}

/** The largest feed a file may unpack to (about ten days of one-second ticks). */
export const MAX_FEED_BYTES = 8 * 1024 * 1024;

/**
 * Reads a .feed.gz file. A file from anywhere (a user's drop) may be anything: every way it can be
 * wrong ends in a RangeError, and nothing is allocated for what the file merely claims (its
 * unpacked size, its tick count) before that claim is checked against its real length.
 */
export function decodeFeed(file: Uint8Array): RecordedFeed {
  if (file.length < 18 || file[0] !== 0x1f || file[1] !== 0x8b)
    throw new RangeError('not a recorded feed (not gzip)');
  // gzip's trailer states the unpacked size (mod 2^32): refuse a bomb before unpacking it.
  const n = file.length;
  const unpacked = (file[n - 4]! | (file[n - 3]! << 8) | (file[n - 2]! << 16) | (file[n - 1]! << 24)) >>> 0;
  if (unpacked > MAX_FEED_BYTES) throw new RangeError('recorded feed is too large');
  let bytes: Uint8Array;
  try {
    bytes = gunzipSync(file, { out: new Uint8Array(unpacked) });
  } catch {
    throw new RangeError('not a recorded feed (bad gzip data)');
  }
  if (bytes.length < 9) throw new RangeError('not a recorded feed (too short)');
  for (let i = 0; i < MAGIC.length; i++) {
    if (bytes[i] !== MAGIC[i]) throw new RangeError('not a recorded feed (bad magic)');
  }
  if (bytes[4] !== VERSION) throw new RangeError(`unsupported feed version ${bytes[4]}`);
  const headerLength = (bytes[5]! | (bytes[6]! << 8) | (bytes[7]! << 16) | (bytes[8]! << 24)) >>> 0;
  if (9 + headerLength > bytes.length) throw new RangeError('recorded feed header is cut off');
  const stored = checkStoredHeader(bytes.subarray(9, 9 + headerLength));
  // Each tick takes at least two bytes: a count beyond that is a lie, refused before allocating.
  if (stored.count * 2 > bytes.length - 9 - headerLength)
    throw new RangeError('recorded feed has fewer ticks than its header says');
  const scale = 10 ** stored.priceDecimals;
  const times = new Float64Array(stored.count);
  const prices = new Float64Array(stored.count);
  const reader = { bytes, at: 9 + headerLength };
  let time = stored.start;
  let units = 0;
  for (let i = 0; i < stored.count; i++) {
    time += readVarint(reader);
    units += unzigzag(readVarint(reader));
    times[i] = time;
    prices[i] = units / scale;
  }
  const header: FeedHeader = {
    symbol: stored.symbol,
    source: stored.source,
    priceDecimals: stored.priceDecimals,
  };
  return checkFeed({ header, times, prices });
}

function checkStoredHeader(raw: Uint8Array): StoredHeader {
  let parsed: unknown;
  try {
    parsed = JSON.parse(strFromU8(raw));
  } catch {
    throw new RangeError('recorded feed header is not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null)
    throw new RangeError('recorded feed header is not an object');
  const { symbol, source, priceDecimals, start, count } = parsed as Record<string, unknown>;
  if (typeof symbol !== 'string' || !/^[A-Z0-9]{1,10}\/[A-Z0-9]{1,10}$/.test(symbol))
    throw new RangeError('recorded feed names no pair');
  if (typeof source !== 'string' || source.length > 500) throw new RangeError('recorded feed has no source');
  if (
    typeof priceDecimals !== 'number' ||
    !Number.isInteger(priceDecimals) ||
    priceDecimals < 0 ||
    priceDecimals > 12
  )
    throw new RangeError('recorded feed has bad price decimals');
  if (typeof start !== 'number' || !Number.isSafeInteger(start) || start < 0)
    throw new RangeError('recorded feed has no start time');
  if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 2)
    throw new RangeError('recorded feed has a bad tick count');
  return { symbol, source, priceDecimals, start, count };
}

function u32(value: number): number[] {
  return [value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff, (value >>> 24) & 0xff];
}

function zigzag(value: number): number {
  return value >= 0 ? value * 2 : -value * 2 - 1;
}

function unzigzag(value: number): number {
  return value % 2 === 0 ? value / 2 : -(value + 1) / 2;
}

/** Unsigned LEB128 for non-negative safe integers (arithmetic, not bit operators: past 2^31 too). */
function writeVarint(out: number[], value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`cannot encode ${value} as a varint`);
  let rest = value;
  while (rest >= 0x80) {
    out.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  out.push(rest);
}

function readVarint(reader: { bytes: Uint8Array; at: number }): number {
  let value = 0;
  let factor = 1;
  for (;;) {
    const byte = reader.bytes[reader.at++];
    if (byte === undefined) throw new RangeError('recorded feed ends in the middle of a tick');
    value += (byte & 0x7f) * factor;
    if (byte < 0x80) return value;
    factor *= 0x80;
  }
}

/** Base64 for shipping a feed inside a module (atob/btoa exist in browsers, workers and Node). */
export function feedToBase64(file: Uint8Array): string {
  let binary = '';
  for (const byte of file) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function feedFromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}
