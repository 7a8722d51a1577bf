import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EXPORT_COLUMNS,
  exportCsv,
  exportJson,
  exportRows,
  type ExportRecord,
} from '../../../../src/domain/history-export/export-table.ts';

const decimal = fc.tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 18n })).map(([negative, units]) => {
  const digits = units.toString().padStart(9, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -8)}.${digits.slice(-8)}`;
});
const record: fc.Arbitrary<ExportRecord> = fc.record({
  time: fc.integer({ min: 946_684_800_000, max: 2_208_988_800_000 }),
  cells: fc.record({
    currency: fc.constantFrom('BTC', 'USDT'),
    kind: fc.string(),
    before: decimal,
    change: decimal,
    after: decimal,
  }),
});

describe('an export table', () => {
  it('lists every record once, oldest first, each decimal exactly as the ledger wrote it', () => {
    fc.assert(
      fc.property(fc.array(record, { maxLength: 20 }), (records) => {
        const rows = exportRows('wallet', records, 'UTC');
        expect(rows).toHaveLength(records.length);
        const times = rows.map((row) => Date.parse(row[0]!));
        expect([...times].sort((a, b) => a - b)).toEqual(times);
        const changes = rows.map((row) => row[4]).sort();
        expect(changes).toEqual(records.map((r) => r.cells.change).sort());
      }),
    );
  });

  it('as JSON holds the same rows as the CSV, keyed by the columns’ ids', () => {
    fc.assert(
      fc.property(fc.array(record, { maxLength: 10 }), (records) => {
        const json = JSON.parse(exportJson('wallet', records, 'Asia/Shanghai')) as Record<string, string>[];
        const rows = exportRows('wallet', records, 'Asia/Shanghai');
        expect(json.map((row) => EXPORT_COLUMNS.wallet.map((column) => row[column]))).toEqual(rows);
      }),
    );
  });

  it('starts the CSV with the header row it is given, in the user’s language', () => {
    const text = exportCsv('wallet', ['Время', 'Валюта', 'Тип', 'До', 'Изменение', 'После'], [], 'UTC');
    expect(text).toBe('Время,Валюта,Тип,До,Изменение,После\r\n');
  });
});

describe('an export’s coded columns', () => {
  it('write the user’s word for a code, and a code without one as it is', () => {
    const records: ExportRecord[] = [
      { time: 0, cells: { pair: 'BTC/USDT', side: '1', status: '3', reason: '2' } },
      { time: 1000, cells: { pair: 'BTC/USDT', side: '2', status: '9', reason: '' } },
    ];
    const rows = exportRows('lever', records, 'UTC', {
      side: { '1': 'Long', '2': 'Short' },
      status: { '3': 'Closed' },
      reason: { '2': 'liquidated' },
    });
    const at = (row: string[], column: string) => row[EXPORT_COLUMNS.lever.indexOf(column as never)];
    expect([at(rows[0]!, 'side'), at(rows[0]!, 'status'), at(rows[0]!, 'reason')]).toEqual([
      'Long',
      'Closed',
      'liquidated',
    ]);
    expect([at(rows[1]!, 'side'), at(rows[1]!, 'status'), at(rows[1]!, 'reason')]).toEqual([
      'Short',
      '9',
      '',
    ]);
  });

  it('write a cell the record does not have as empty', () => {
    const rows = exportRows('lever', [{ time: 0, cells: { pair: 'BTC/USDT' } }], 'UTC');
    const at = (column: string) => rows[0]![EXPORT_COLUMNS.lever.indexOf(column as never)];
    expect([at('pair'), at('side'), at('status')]).toEqual(['BTC/USDT', '', '']);
  });
});
