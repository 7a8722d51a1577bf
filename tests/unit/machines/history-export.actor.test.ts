import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import type { ApiClient } from '../../../src/api/client.ts';
import { MAX_EXPORT_ROWS } from '../../../src/domain/history-export/export-table.ts';
import { historyExportActors, type ExportQuery } from '../../../src/machines/actors/history-export.ts';

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 4, 10);

/** An account_log answer of `count` records, newest first, one an hour back from T0, `size` a page. */
function fakeApi(count: number, size: number, asked: number[]): ApiClient {
  return {
    call: async (_path: string, payload: { page: number }) => {
      asked.push(payload.page);
      const first = (payload.page - 1) * size;
      const data = Array.from({ length: Math.max(0, Math.min(size, count - first)) }, (_, i) => ({
        id: first + i,
        currency_id: 1,
        currency: { code: 'USDT' },
        before: '10.00000000',
        value: `-0.0000000${(first + i) % 9}`,
        after: '9.99999999',
        type: 'transfer',
        memo: '',
        extra_data: {},
        created_at: T0 - (first + i) * HOUR,
      }));
      return {
        data,
        last_page: Math.ceil(count / size),
        current_page: payload.page,
        per_page: size,
        total: count,
      };
    },
  } as unknown as ApiClient;
}

function run(api: ApiClient, range: ExportQuery['range']) {
  const actor = createActor(historyExportActors(api).collect, {
    input: { kind: 'wallet', account: 'change', range },
  }).start();
  return toPromise(actor);
}

describe('collecting an export', () => {
  it('keeps the records in the range, and stops at the first page that reaches before it', async () => {
    const asked: number[] = [];
    const records = await run(fakeApi(1000, 100, asked), { from: T0 - 149.5 * HOUR, to: T0 - 10 * HOUR + 1 });
    expect(records.map((r) => (T0 - r.time) / HOUR)).toEqual(Array.from({ length: 140 }, (_, i) => i + 10));
    expect(asked).toEqual([1, 2]);
    expect(records[0]!.cells.change).toBe('-0.00000001');
  });

  it('reads to the last page for an open range, and refuses more than MAX_EXPORT_ROWS', async () => {
    const asked: number[] = [];
    const all = await run(fakeApi(250, 100, asked), { from: -Infinity, to: Infinity });
    expect(all).toHaveLength(250);
    expect(asked).toEqual([1, 2, 3]);
    await expect(
      run(fakeApi(MAX_EXPORT_ROWS + 1, 100, []), { from: -Infinity, to: Infinity }),
    ).rejects.toThrow('tooMany');
  });
});
