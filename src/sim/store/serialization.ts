/**
 * Text encoding for stored events and snapshots.
 *
 * Engine state holds BigInt ledger balances and Maps, which JSON cannot carry, and a snapshot must
 * restore exactly the state it saved (same seed + same commands => byte-identical state). This is JSON
 * with tagged values: `{"~t": kind, "v": payload}` stands for a bigint, a Map, a PersistentMap, a
 * PersistentList, a Set or a number JSON has no literal for (NaN, ±Infinity, -0). A plain object that
 * happens to own a "~t" key is itself tagged as "object", so no user value can be mistaken for a tag.
 *
 * Supported: JSON values, bigint, Map, PersistentMap, PersistentList, Set, every number. The
 * persistent ones have tags of their own so that they come back as what they were (state written
 * with them reads back equal, and its next write still shares structure); a PersistentMap's entries
 * are written in its insertion order, as a Map's are. Properties whose value is undefined are
 * dropped, as in JSON. Functions, symbols and Dates are rejected rather than silently changed.
 */

import { PersistentList } from './persistent-list.ts';
import { PersistentMap } from './persistent-map.ts';

const TAG = '~t';

type Tagged =
  | { [TAG]: 'bigint'; v: string }
  | { [TAG]: 'number'; v: string }
  | { [TAG]: 'Map'; v: [unknown, unknown][] }
  | { [TAG]: 'PersistentMap'; v: [string | number, unknown][] }
  | { [TAG]: 'PersistentList'; v: unknown[] }
  | { [TAG]: 'Set'; v: unknown[] }
  | { [TAG]: 'object'; v: [string, unknown][] };

function replace(this: unknown, key: string, value: unknown): unknown {
  // JSON.stringify has already called toJSON, so look at the holder's raw value to catch Dates.
  const raw: unknown = isRecord(this) ? this[key] : value;
  if (raw instanceof Date) throw new TypeError(`cannot serialize a Date at "${key}": store epoch ms instead`);
  switch (typeof value) {
    case 'bigint':
      return { [TAG]: 'bigint', v: value.toString() } satisfies Tagged;
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0)
        ? value
        : ({ [TAG]: 'number', v: Object.is(value, -0) ? '-0' : String(value) } satisfies Tagged);
    case 'function':
    case 'symbol':
      throw new TypeError(`cannot serialize a ${typeof value} at "${key}"`);
    default:
      break;
  }
  if (value instanceof Map) return { [TAG]: 'Map', v: [...value] } satisfies Tagged;
  if (value instanceof PersistentMap) return { [TAG]: 'PersistentMap', v: [...value] } satisfies Tagged;
  if (value instanceof PersistentList) return { [TAG]: 'PersistentList', v: [...value] } satisfies Tagged;
  if (value instanceof Set) return { [TAG]: 'Set', v: [...value] } satisfies Tagged;
  if (isRecord(value) && !Array.isArray(value) && Object.hasOwn(value, TAG)) {
    return { [TAG]: 'object', v: Object.entries(value) } satisfies Tagged;
  }
  return value;
}

function revive(_key: string, value: unknown): unknown {
  if (!isTagged(value)) return value;
  switch (value[TAG]) {
    case 'bigint':
      return BigInt(value.v);
    case 'number':
      return Number(value.v);
    case 'Map':
      return new Map(value.v);
    case 'PersistentMap':
      return PersistentMap.from(value.v);
    case 'PersistentList':
      return PersistentList.from(value.v);
    case 'Set':
      return new Set(value.v);
    case 'object':
      return Object.fromEntries(value.v);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isTagged(value: unknown): value is Tagged {
  // Every object carrying TAG in serialized text was written by `replace`, so the key alone decides.
  return isRecord(value) && !Array.isArray(value) && typeof value[TAG] === 'string';
}

/** Encodes a value as tagged JSON text. */
export function serialize(value: unknown): string {
  const text = JSON.stringify(value, replace);
  if (text === undefined) throw new TypeError('cannot serialize undefined');
  return text;
}

/** Entries of a collection encoded between two chances to pause. */
const SLICE_ENTRIES = 256;

/**
 * Encodes `value` exactly as `serialize` does, in slices: the generator yields between runs of the
 * entries of each collection (Map, PersistentMap, PersistentList, Set, array) that is a property of
 * `value`, and returns the whole text. A caller can pause at a yield and let the event loop serve
 * others: a big state's snapshot no longer blocks the server for tens of milliseconds at once. The
 * value must not change until the text is returned (the persistent states of the exchange never do).
 * Anything but a plain record is encoded whole; so is a record with a toJSON or a "~t" of its own.
 */
export function* serializeInSlices(value: unknown): Generator<void, string, void> {
  if (!isPlainRecord(value) || Object.hasOwn(value, TAG) || typeof value.toJSON === 'function')
    return serialize(value);
  const properties: string[] = [];
  for (const key of Object.keys(value)) {
    const raw = value[key];
    let text: string | undefined;
    if (isRecord(raw) && typeof (raw as { toJSON?: unknown }).toJSON === 'function') {
      text = JSON.stringify(raw, replace);
    } else if (
      raw instanceof Map ||
      raw instanceof PersistentMap ||
      raw instanceof PersistentList ||
      raw instanceof Set
    ) {
      const kind =
        raw instanceof Map
          ? 'Map'
          : raw instanceof PersistentMap
            ? 'PersistentMap'
            : raw instanceof PersistentList
              ? 'PersistentList'
              : 'Set';
      text = `{${JSON.stringify(TAG)}:${JSON.stringify(kind)},"v":${yield* arrayInSlices(raw)}}`;
    } else if (Array.isArray(raw)) {
      text = yield* arrayInSlices(raw);
    } else {
      text = JSON.stringify(raw, replace);
    }
    if (text !== undefined) properties.push(`${JSON.stringify(key)}:${text}`);
  }
  return `{${properties.join(',')}}`;
}

/** A collection's items as a JSON array, as JSON.stringify writes them (undefined as null). */
function* arrayInSlices(items: Iterable<unknown>): Generator<void, string, void> {
  const parts: string[] = [];
  for (const item of items) {
    parts.push(JSON.stringify(item, replace) ?? 'null');
    if (parts.length % SLICE_ENTRIES === 0) yield;
  }
  return `[${parts.join(',')}]`;
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (!isRecord(value) || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** Decodes text written by `serialize`. */
export function deserialize(text: string): unknown {
  return JSON.parse(text, revive);
}
