import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ExportRecord } from '../../../src/domain/history-export/export-table.ts';
import type { ExportQuery } from '../../../src/machines/actors/history-export.ts';
import {
  historyExportMachine,
  type ExportFile,
  type ExportRequest,
} from '../../../src/machines/history-export.machine.ts';

const request = (over: Partial<ExportRequest> = {}): ExportRequest => ({
  kind: 'wallet',
  account: 'change',
  format: 'csv',
  fromDay: '2026-05-01',
  toDay: '2026-05-31',
  zone: 'Asia/Shanghai',
  headers: ['Time', 'Currency', 'Type', 'Before', 'Change', 'After'],
  labels: {},
  ...over,
});

const RECORD: ExportRecord = {
  time: Date.UTC(2026, 4, 14, 6, 35, 7),
  cells: {
    currency: 'BTC',
    kind: '=HYPERLINK("x")',
    before: '1.00000000',
    change: '-0.00000001',
    after: '0.99999999',
  },
};

function start(collect: (query: ExportQuery) => Promise<ExportRecord[]>) {
  const saved: ExportFile[] = [];
  const queries: ExportQuery[] = [];
  const actor = createActor(
    historyExportMachine.provide({
      actors: {
        collect: fromPromise<ExportRecord[], ExportQuery>(({ input }) => {
          queries.push(input);
          return collect(input);
        }),
      },
      actions: { save: (_, file) => void saved.push(file) },
    }),
  ).start();
  return { actor, saved, queries };
}

describe('the history export', () => {
  it('reads the range in the user’s zone and saves a CSV with their header and the ledger’s strings', async () => {
    const { actor, saved, queries } = start(async () => [RECORD]);
    actor.send({ type: 'EXPORT', request: request() });
    await waitFor(actor, (s) => s.matches('idle') && s.context.saved !== null);
    // 1 May in Shanghai begins at 16:00 UTC on 30 April.
    expect(queries[0]!.range.from).toBe(Date.UTC(2026, 3, 30, 16));
    expect(queries[0]!.range.to).toBe(Date.UTC(2026, 4, 31, 16));
    expect(saved).toHaveLength(1);
    expect(saved[0]!.fileName).toBe('tessera-change-records-2026-05-01_2026-05-31.csv');
    expect(saved[0]!.text).toBe(
      '\uFEFFTime,Currency,Type,Before,Change,After\r\n' +
        `2026-05-14T14:35:07+08:00,BTC,"'=HYPERLINK(""x"")",1.00000000,-0.00000001,0.99999999\r\n`,
    );
    expect(actor.getSnapshot().context.saved).toBe(1);
  });

  it('saves the same table as JSON', async () => {
    const { actor, saved } = start(async () => [RECORD]);
    actor.send({ type: 'EXPORT', request: request({ format: 'json' }) });
    await waitFor(actor, (s) => s.context.saved !== null);
    expect(JSON.parse(saved[0]!.text)).toEqual([
      {
        time: '2026-05-14T14:35:07+08:00',
        currency: 'BTC',
        kind: '=HYPERLINK("x")',
        before: '1.00000000',
        change: '-0.00000001',
        after: '0.99999999',
      },
    ]);
  });

  it('refuses a bad range without reading anything, and says why', () => {
    const { actor, queries, saved } = start(async () => [RECORD]);
    actor.send({ type: 'EXPORT', request: request({ fromDay: '2026-06-01' }) });
    expect(actor.getSnapshot().context.problem).toBe('endBeforeStart');
    actor.send({ type: 'EXPORT', request: request({ toDay: '2026-02-30' }) });
    expect(actor.getSnapshot().context.problem).toBe('badDate');
    expect(actor.getSnapshot().value).toBe('idle');
    expect(queries).toEqual([]);
    expect(saved).toEqual([]);
  });

  it('saves no file when the range holds nothing, or the records could not be read', async () => {
    const empty = start(async () => []);
    empty.actor.send({ type: 'EXPORT', request: request() });
    await waitFor(empty.actor, (s) => s.context.problem !== null);
    expect(empty.actor.getSnapshot().context.problem).toBe('empty');
    expect(empty.saved).toEqual([]);
    const failing = start(() => Promise.reject(new Error('tooMany')));
    failing.actor.send({ type: 'EXPORT', request: request() });
    await waitFor(failing.actor, (s) => s.context.problem !== null);
    expect(failing.actor.getSnapshot().context.problem).toBe('tooMany');
    expect(failing.saved).toEqual([]);
  });
});
