import { assign, fromPromise, setup } from 'xstate';
import { exportRange, type ExportRangeProblem } from '../domain/history-export/export-range.ts';
import {
  type ExportLabels,
  exportCsv,
  exportJson,
  type ExportKind,
  type ExportRecord,
} from '../domain/history-export/export-table.ts';
import type { WalletAccount } from '../domain/wallet/accounts.ts';
import type { ExportQuery } from './actors/history-export.ts';

export type ExportFormat = 'csv' | 'json';

/** What the user asked for, with what the view knows: the headers in their language and their zone. */
export interface ExportRequest {
  kind: ExportKind;
  account: WalletAccount;
  format: ExportFormat;
  /** YYYY-MM-DD, or '' for an open end. */
  fromDay: string;
  toDay: string;
  zone: string;
  /** The header row, one per column of the kind (export-table.ts), in the user's language. */
  headers: readonly string[];
  /** Words for the codes some columns hold (statuses, sides), in the user's language. */
  labels: ExportLabels;
}

export type ExportProblem = ExportRangeProblem | 'empty' | 'failed' | 'tooMany';

export interface ExportFile {
  text: string;
  fileName: string;
  type: string;
}

export interface HistoryExportContext {
  request: ExportRequest | null;
  problem: ExportProblem | null;
  /** Rows in the last file saved. */
  saved: number | null;
}

export type HistoryExportEvent = { type: 'EXPORT'; request: ExportRequest };

/** The file for `records`: CSV with the header row, or the same table as JSON. */
function exportFile(request: ExportRequest, records: readonly ExportRecord[]): ExportFile {
  const range = [request.fromDay || 'start', request.toDay || 'now'].join('_');
  const base = `tessera-${request.kind === 'wallet' ? `${request.account}-records` : request.kind}-${range}`;
  return request.format === 'csv'
    ? {
        // A byte-order mark, so a spreadsheet reads the header's non-Latin letters as UTF-8.
        text: `\uFEFF${exportCsv(request.kind, request.headers, records, request.zone, request.labels)}`,
        fileName: `${base}.csv`,
        type: 'text/csv;charset=utf-8',
      }
    : {
        text: exportJson(request.kind, records, request.zone, request.labels),
        fileName: `${base}.json`,
        type: 'application/json',
      };
}

/**
 * A history export (issue 33 item 5): the range is checked (a bad date or an end before the start
 * changes nothing and says so), every page of the records in it is read, and the file is saved.
 * Reading is the app's actor and saving the app's action, so tests hand in their own.
 */
export const historyExportMachine = setup({
  types: {
    context: {} as HistoryExportContext,
    events: {} as HistoryExportEvent,
  },
  actors: {
    collect: fromPromise<ExportRecord[], ExportQuery>(() =>
      Promise.reject(new Error('collect: provided by the app')),
    ),
  },
  actions: {
    save: (_, _file: ExportFile) => undefined,
  },
  guards: {
    badRange: (_, request: ExportRequest) => !exportRange(request.fromDay, request.toDay, request.zone).ok,
  },
}).createMachine({
  id: 'historyExport',
  context: { request: null, problem: null, saved: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        EXPORT: [
          {
            guard: { type: 'badRange', params: ({ event }) => event.request },
            actions: assign({
              problem: ({ event }) => {
                const checked = exportRange(event.request.fromDay, event.request.toDay, event.request.zone);
                return checked.ok ? null : checked.problem;
              },
            }),
          },
          {
            target: 'collecting',
            actions: assign({ request: ({ event }) => event.request, problem: null, saved: null }),
          },
        ],
      },
    },
    collecting: {
      invoke: {
        src: 'collect',
        input: ({ context }) => {
          const request = context.request!;
          const checked = exportRange(request.fromDay, request.toDay, request.zone);
          return {
            kind: request.kind,
            account: request.account,
            range: checked.ok ? checked.range : { from: Infinity, to: -Infinity },
          };
        },
        onDone: [
          {
            guard: ({ event }) => event.output.length === 0,
            target: 'idle',
            actions: assign({ problem: 'empty' }),
          },
          {
            target: 'idle',
            actions: [
              {
                type: 'save',
                params: ({ context, event }) => exportFile(context.request!, event.output),
              },
              assign({ saved: ({ event }) => event.output.length }),
            ],
          },
        ],
        onError: {
          target: 'idle',
          actions: assign({
            problem: ({ event }) =>
              event.error instanceof Error && event.error.message === 'tooMany' ? 'tooMany' : 'failed',
          }),
        },
      },
    },
  },
});
