import { toCsv } from './csv.ts';
import { exportTimeText } from './export-time.ts';

/**
 * What a history export holds: one kind of record, its columns (stable ids, and the header the
 * user reads in their language), and its rows. Every cell is the contract's own text: decimal
 * strings exactly as the ledger wrote them, never turned into a float and back.
 */
export const EXPORT_KINDS = ['wallet', 'spot', 'lever', 'micro', 'p2p'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export const EXPORT_COLUMNS = {
  wallet: ['time', 'currency', 'kind', 'before', 'change', 'after'],
  spot: [
    'time',
    'pair',
    'side',
    'price',
    'amount',
    'filled',
    'turnover',
    'average',
    'fee',
    'feeCurrency',
    'status',
  ],
  lever: [
    'time',
    'pair',
    'side',
    'multiple',
    'lots',
    'amount',
    'entry',
    'close',
    'takeProfit',
    'stopLoss',
    'bond',
    'fee',
    'overnight',
    'profit',
    'status',
    'reason',
  ],
  micro: [
    'time',
    'pair',
    'side',
    'seconds',
    'stake',
    'currency',
    'open',
    'close',
    'ratio',
    'fee',
    'profit',
    'result',
  ],
  p2p: ['time', 'orderNo', 'side', 'coin', 'fiat', 'price', 'amount', 'total', 'status'],
} as const satisfies Record<ExportKind, readonly string[]>;

/** One record: its time (ms) and its other cells by column id. */
export interface ExportRecord {
  time: number;
  cells: Readonly<Record<string, string>>;
}

/** Most rows one export holds: the contract's lists are paged, and a file past this is a report's job. */
export const MAX_EXPORT_ROWS = 10_000;

/**
 * Words for the contract's codes, by column then code (a lever position's status 3 is "Closed" in
 * the user's language): the view gives them, as it gives the header. A code without a word stays.
 */
export type ExportLabels = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** The rows of `records` as text, the time in `zone`, oldest first (a statement's order). */
export function exportRows(
  kind: ExportKind,
  records: readonly ExportRecord[],
  zone: string,
  labels: ExportLabels = {},
): string[][] {
  return [...records]
    .sort((a, b) => a.time - b.time)
    .map((record) =>
      EXPORT_COLUMNS[kind].map((column) => {
        if (column === 'time') return exportTimeText(record.time, zone);
        const value = record.cells[column] ?? '';
        return labels[column]?.[value] ?? value;
      }),
    );
}

export function exportCsv(
  kind: ExportKind,
  headers: readonly string[],
  records: readonly ExportRecord[],
  zone: string,
  labels: ExportLabels = {},
): string {
  return toCsv(headers, exportRows(kind, records, zone, labels));
}

/** The same table as JSON: one object per row, keyed by the columns' stable ids. */
export function exportJson(
  kind: ExportKind,
  records: readonly ExportRecord[],
  zone: string,
  labels: ExportLabels = {},
): string {
  const columns = EXPORT_COLUMNS[kind];
  const rows = exportRows(kind, records, zone, labels).map((row) =>
    Object.fromEntries(columns.map((column, index) => [column, row[index] ?? ''])),
  );
  return `${JSON.stringify(rows, null, 2)}\n`;
}
