import type { MarketGroup, MarketRow, QuotesState } from './quotes-store.ts';

/**
 * The last quotes table a page showed, kept across visits (DESIGN.md "First paint"): a returning
 * visitor's page paints these at once, marked with their time and dimmed, until the exchange's
 * first answer replaces them. They are never shown as live: the table's status says `kept`.
 *
 * Stored as JSON text (in localStorage, by the composition root). What is read back is checked
 * field by field: a corrupt, foreign or older-format value reads as nothing kept, never as a table.
 */
export interface KeptQuotes {
  /** Wall-clock time (ms since 1970) at which the page last showed these quotes. */
  readonly at: number;
  readonly groups: readonly MarketGroup[];
  readonly rows: readonly MarketRow[];
}

/**
 * Where the text is kept: localStorage in the app, a variable in tests. Neither call may throw.
 * `source` names the backend (the simulator, or a server's address): quotes kept from one are
 * never shown as another's.
 */
export interface KeptQuotesStorage {
  readonly source: string;
  read(): string | null;
  write(text: string): void;
}

const FORMAT = 1;
/** A quote's figures are plain decimal strings; anything else is not a number this app wrote. */
const DECIMAL = /^-?\d{1,30}(\.\d{1,30})?$/;
/** A pair's and a currency's code as the exchange lists them. */
const CODE = /^[A-Za-z0-9]{1,16}$/;
const MAX_ROWS = 500;
const MAX_TEXT = 200_000;

/** The text kept for a table shown at `at`; only a live (`ready`) table is worth keeping. */
export function encodeKeptQuotes(state: QuotesState, at: number, source: string): string | null {
  if (state.status !== 'ready' || state.rows.size === 0) return null;
  const rows = [...state.rows.values()].map((row) => ({ ...row, tick: null, tickSeq: 0 }));
  return JSON.stringify({ format: FORMAT, source, at, groups: state.groups, rows });
}

type Fields = Record<string, unknown>;

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

function isDecimal(value: unknown): value is string {
  return typeof value === 'string' && DECIMAL.test(value);
}

function readRow(value: unknown): MarketRow | null {
  if (!isFields(value)) return null;
  const { id, symbol, base, quote, logo, close, change, high, low, volume, quoteVolume } = value;
  const { priceDecimals, openChange } = value;
  if (!isId(id) || typeof symbol !== 'string' || symbol.length > 40) return null;
  if (typeof base !== 'string' || !CODE.test(base) || typeof quote !== 'string' || !CODE.test(quote))
    return null;
  if (typeof logo !== 'string' || logo.length > 2_000) return null;
  if (![close, change, high, low, volume].every(isDecimal)) return null;
  if (quoteVolume !== '' && !isDecimal(quoteVolume)) return null;
  if (priceDecimals !== undefined && !(Number.isInteger(priceDecimals) && (priceDecimals as number) >= 0))
    return null;
  if (typeof openChange !== 'boolean') return null;
  return {
    id,
    symbol,
    base,
    quote,
    logo,
    close: close as string,
    change: change as string,
    high: high as string,
    low: low as string,
    volume: volume as string,
    quoteVolume: quoteVolume as string,
    priceDecimals: priceDecimals as number | undefined,
    openChange,
    tick: null,
    tickSeq: 0,
  };
}

function readGroup(value: unknown, rowIds: ReadonlySet<number>): MarketGroup | null {
  if (!isFields(value)) return null;
  const { id, code, usdPrice, rowIds: ids } = value;
  if (!isId(id) || typeof code !== 'string' || !CODE.test(code) || !isDecimal(usdPrice)) return null;
  if (!Array.isArray(ids) || !ids.every((rowId) => isId(rowId) && rowIds.has(rowId))) return null;
  return { id, code, usdPrice, rowIds: ids as number[] };
}

/** The table kept from `source` in `text`, or null when there is none or it is not one this app wrote. */
export function decodeKeptQuotes(text: string | null, source: string): KeptQuotes | null {
  if (text === null || text.length > MAX_TEXT) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isFields(value) || value.format !== FORMAT || value.source !== source) return null;
  const { at, groups, rows } = value;
  if (typeof at !== 'number' || !Number.isSafeInteger(at) || at <= 0) return null;
  if (!Array.isArray(rows) || rows.length === 0 || rows.length > MAX_ROWS || !Array.isArray(groups))
    return null;
  const readRows: MarketRow[] = [];
  for (const row of rows) {
    const read = readRow(row);
    if (!read || readRows.some((other) => other.id === read.id)) return null;
    readRows.push(read);
  }
  const ids = new Set(readRows.map((row) => row.id));
  const readGroups: MarketGroup[] = [];
  for (const group of groups) {
    const read = readGroup(group, ids);
    if (!read) return null;
    readGroups.push(read);
  }
  return { at, groups: readGroups, rows: readRows };
}

/** How long a kept table is worth showing: older than this, the page waits for the live one. */
export const KEPT_QUOTES_MAX_AGE_MS = 7 * 24 * 3_600_000;
