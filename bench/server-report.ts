import { summarize } from './server-stats.ts';

/** Plain-text tables for the server benchmark's report (bench/server.ts). */

/** Columns padded to their widest cell: the first left-aligned, the others right-aligned (numbers). */
export function table(
  headers: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | number>>,
): string {
  const cells = [headers, ...rows].map((row) => row.map(String));
  const widths = headers.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? '').length)));
  const line = (row: readonly string[]) =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  ');
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [line(cells[0]!), rule, ...cells.slice(1).map(line)].map((text) => `  ${text.trimEnd()}`).join('\n');
}

/** Milliseconds for a table: one decimal below 100, whole above; "-" for none. */
export function ms(value: number): string {
  if (!Number.isFinite(value)) return '-';
  return value < 100 ? value.toFixed(1) : Math.round(value).toString();
}

/** The latency columns (p50, p95, p99, max) of samples. */
export function latencyCells(samples: readonly number[]): string[] {
  const summary = summarize(samples);
  return [ms(summary.p50), ms(summary.p95), ms(summary.p99), ms(summary.max)];
}

export function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

export function percent(part: number, whole: number): string {
  return whole > 0 ? `${((part * 100) / whole).toFixed(2)} %` : '0.00 %';
}

/** Map entries, largest count first, as table rows. */
export function countRows(counts: ReadonlyMap<string, number>): Array<[string, number]> {
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}
