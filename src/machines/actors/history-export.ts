import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import { inRange, type ExportRange } from '../../domain/history-export/export-range.ts';
import {
  MAX_EXPORT_ROWS,
  type ExportKind,
  type ExportRecord,
} from '../../domain/history-export/export-table.ts';
import { recordTimeMs } from '../../domain/history-export/export-time.ts';
import type { WalletAccount } from '../../domain/wallet/accounts.ts';
import {
  LEVER_CLOSE_NONE,
  LEVER_LIST_DELEGATION,
  MICRO_STATUS_CLOSED,
  MICRO_STATUS_RUNNING,
} from '../../domain/contract-codes.ts';

export interface ExportQuery {
  kind: ExportKind;
  /** The account whose records a wallet export holds. */
  account: WalletAccount;
  range: ExportRange;
}

/** The most a list call answers at once (the contract's limit). */
const PAGE_LIMIT = 100;

/**
 * Reads every page of a newest-first list until a page's oldest record is before the range (or the
 * list ends, or MAX_EXPORT_ROWS are kept), keeping the records inside the range. Answers more than
 * MAX_EXPORT_ROWS as an error: a file that silently left records out would misstate a history.
 */
async function collectPages<T>(
  load: (page: number) => Promise<{ data: T[]; last_page: number }>,
  toRecord: (row: T) => ExportRecord | undefined,
  range: ExportRange,
): Promise<ExportRecord[]> {
  const kept: ExportRecord[] = [];
  for (let page = 1; ; page++) {
    const answer = await load(page);
    let older = false;
    for (const row of answer.data) {
      const record = toRecord(row);
      if (!record) continue;
      if (record.time < range.from) older = true;
      if (inRange(record.time, range)) kept.push(record);
    }
    if (kept.length > MAX_EXPORT_ROWS) throw new Error('tooMany');
    if (older || page >= answer.last_page || answer.data.length === 0) return kept;
  }
}

/** The history exports' reads: one kind of record of the signed-in user, in a date range. */
export function historyExportActors(api: ApiClient) {
  const collect = async (query: ExportQuery): Promise<ExportRecord[]> => {
    if (query.kind === 'wallet') {
      return collectPages(
        (page) => api.call(`account_log/${query.account}`, { page, limit: PAGE_LIMIT }, { quiet: true }),
        (line) => {
          const time = recordTimeMs(line.created_at);
          return time === undefined
            ? undefined
            : {
                time,
                cells: {
                  currency: line.currency.code,
                  kind: line.memo || line.type,
                  before: line.before,
                  change: line.value,
                  after: line.after,
                },
              };
        },
        query.range,
      );
    }
    if (query.kind === 'spot') {
      return collectPages(
        (page) => api.call('tx_history/list', { page, limit: PAGE_LIMIT }, { quiet: true }),
        (order) => {
          const time = recordTimeMs(order.created_at);
          return time === undefined
            ? undefined
            : {
                time,
                cells: {
                  pair: order.currency_match.symbol,
                  side: order.way_name,
                  price: order.price,
                  amount: order.number,
                  filled: order.transacted_amount,
                  turnover: order.transacted_volume,
                  average: order.avg_price,
                  fee: order.fee,
                  feeCurrency: order.fee_currency,
                  status: order.status_name,
                },
              };
        },
        query.range,
      );
    }
    if (query.kind === 'lever') {
      // Every order placed, whatever became of it (pending, open, closed or cancelled).
      return collectPages(
        (page) => api.call('lever/my_trade', { status: LEVER_LIST_DELEGATION, page }, { quiet: true }),
        (position) => {
          const time = recordTimeMs(position.created_at);
          const closed = position.closed_at > 0;
          return time === undefined
            ? undefined
            : {
                time,
                cells: {
                  pair: position.symbol,
                  side: String(position.type),
                  multiple: String(position.multiple),
                  lots: position.share,
                  amount: position.number,
                  entry: position.price,
                  close: closed ? position.update_price : '',
                  takeProfit: position.target_profit_price,
                  stopLoss: position.stop_loss_price,
                  bond: position.origin_caution_money,
                  fee: position.trade_fee,
                  overnight: position.overnight_money,
                  profit: position.profits,
                  status: String(position.status),
                  reason: position.close_reason === LEVER_CLOSE_NONE ? '' : String(position.close_reason),
                },
              };
        },
        query.range,
      );
    }
    if (query.kind === 'micro') {
      const contracts = (status: typeof MICRO_STATUS_RUNNING | typeof MICRO_STATUS_CLOSED) =>
        collectPages(
          (page) =>
            api.call('microtrade/lists', { match_id: 0, status, page, limit: PAGE_LIMIT }, { quiet: true }),
          (contract) => {
            const time = recordTimeMs(contract.created_at);
            const settled = contract.status === MICRO_STATUS_CLOSED;
            return time === undefined
              ? undefined
              : {
                  time,
                  cells: {
                    pair: contract.symbol_name,
                    side: String(contract.type),
                    seconds: String(contract.seconds),
                    stake: contract.number,
                    currency: contract.currency_name,
                    open: contract.open_price,
                    close: contract.end_price,
                    ratio: contract.profit_ratio,
                    fee: contract.fee,
                    profit: settled ? contract.fact_profits : '',
                    result: settled ? String(contract.profit_result) : '',
                  },
                };
          },
          query.range,
        );
      const [closed, running] = await Promise.all([
        contracts(MICRO_STATUS_CLOSED),
        contracts(MICRO_STATUS_RUNNING),
      ]);
      return [...closed, ...running];
    }
    return collectPages(
      (page) => api.call('otc/orders', { page, limit: 50 }, { quiet: true }),
      (order) => {
        const time = recordTimeMs(order.created_at);
        return time === undefined
          ? undefined
          : {
              time,
              cells: {
                orderNo: order.order_no,
                side: String(order.side),
                coin: order.coin,
                fiat: order.fiat,
                price: order.price,
                amount: order.number,
                total: order.amount,
                status: String(order.status),
              },
            };
      },
      query.range,
    );
  };
  return { collect: fromPromise<ExportRecord[], ExportQuery>(({ input }) => collect(input)) };
}
