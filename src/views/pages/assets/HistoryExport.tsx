import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  EXPORT_COLUMNS,
  EXPORT_KINDS,
  type ExportKind,
  type ExportLabels,
} from '../../../domain/history-export/export-table.ts';
import {
  LEVER_TYPE_LONG,
  LEVER_TYPE_SHORT,
  MICRO_TYPE_DOWN,
  MICRO_TYPE_UP,
  OTC_ORDER_ABNORMAL,
  OTC_ORDER_CANCELLED,
  OTC_ORDER_COMPLETED,
  OTC_ORDER_DELAYED,
  OTC_ORDER_DISPUTED,
  OTC_ORDER_PAID,
  OTC_ORDER_UNPAID,
  OTC_SIDE_BUYER,
  OTC_SIDE_SELLER,
} from '../../../domain/contract-codes.ts';
import type { WalletAccount } from '../../../domain/wallet/accounts.ts';
import type { ExportFormat } from '../../../machines/history-export.machine.ts';
import { useTimeZone, useZoneLabel } from '../../components/use-time-zone.ts';
import { useServices } from '../../services-context.ts';
import { useActorRef, useSelector } from '../../use-app-actor.ts';
import { useNumberText } from '../../use-number-text.ts';
import './history-export.css';

/** The words for the codes a kind's columns hold, from the words its own pages use. */
function exportLabels(kind: ExportKind, t: TFunction): ExportLabels {
  switch (kind) {
    case 'lever':
      return {
        side: { [LEVER_TYPE_LONG]: t('lever.long'), [LEVER_TYPE_SHORT]: t('lever.short') },
        status: Object.fromEntries([0, 1, 2, 3, 4].map((code) => [code, t(`lever.status.${code}`)])),
        reason: Object.fromEntries([1, 2, 3, 4].map((code) => [code, t(`lever.reason.${code}`)])),
      };
    case 'micro':
      return {
        side: { [MICRO_TYPE_UP]: t('micro.up'), [MICRO_TYPE_DOWN]: t('micro.down') },
        result: { '1': t('micro.result.win'), '0': t('micro.result.tie'), '-1': t('micro.result.loss') },
      };
    case 'p2p':
      return {
        side: { [OTC_SIDE_BUYER]: t('p2p.buy'), [OTC_SIDE_SELLER]: t('p2p.sell') },
        status: {
          [OTC_ORDER_UNPAID]: t('p2p.status.unpaid'),
          [OTC_ORDER_PAID]: t('p2p.status.paid'),
          [OTC_ORDER_DELAYED]: t('p2p.status.delayed'),
          [OTC_ORDER_DISPUTED]: t('p2p.status.disputed'),
          [OTC_ORDER_COMPLETED]: t('p2p.status.completed'),
          [OTC_ORDER_CANCELLED]: t('p2p.status.cancelled'),
          [OTC_ORDER_ABNORMAL]: t('p2p.status.abnormal'),
        },
      };
    default:
      return {};
  }
}

/**
 * History as a file (issue 33 item 5): this account's records, the spot orders, the lever positions,
 * the micro contracts or the P2P orders, between two days
 * in the user's time zone (either may be left open), as CSV with a header row in their language or
 * as the same table in JSON. Every amount is the ledger's own decimal text.
 */
export function HistoryExport({ account }: { account: WalletAccount }) {
  const { t } = useTranslation();
  const { machines } = useServices();
  const numbers = useNumberText();
  const exporter = useActorRef(machines.wallet.historyExport);
  const busy = useSelector(exporter, (s) => s.matches('collecting'));
  const problem = useSelector(exporter, (s) => s.context.problem);
  const saved = useSelector(exporter, (s) => s.context.saved);
  const { zone } = useTimeZone();
  const zoneLabel = useZoneLabel(zone);
  const [kind, setKind] = useState<ExportKind>('wallet');
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');
  const id = useId();

  const start = (format: ExportFormat) =>
    exporter.send({
      type: 'EXPORT',
      request: {
        kind,
        account,
        format,
        fromDay,
        toDay,
        zone,
        headers: EXPORT_COLUMNS[kind].map((column) => t(`export.column.${column}`)),
        labels: exportLabels(kind, t),
      },
    });

  return (
    <details className="history-export" data-testid="history-export">
      <summary className="btn btn-sm btn-outline">{t('export.title')}</summary>
      <form
        className="history-export-form"
        onSubmit={(event) => {
          event.preventDefault();
          start('csv');
        }}
      >
        <label className="wallet-select">
          <span>{t('export.what')}</span>
          <select
            value={kind}
            onChange={(event) => setKind(event.target.value as ExportKind)}
            data-testid="export-kind"
          >
            {EXPORT_KINDS.map((option) => (
              <option key={option} value={option}>
                {t(`export.kind.${option}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="wallet-select">
          <span>{t('export.from')}</span>
          <input
            type="date"
            value={fromDay}
            onChange={(event) => setFromDay(event.target.value)}
            aria-describedby={`${id}-zone`}
            data-testid="export-from"
          />
        </label>
        <label className="wallet-select">
          <span>{t('export.to')}</span>
          <input
            type="date"
            value={toDay}
            onChange={(event) => setToDay(event.target.value)}
            aria-describedby={`${id}-zone`}
            data-testid="export-to"
          />
        </label>
        <div className="history-export-actions">
          <button type="submit" className="btn btn-sm btn-primary" disabled={busy} data-testid="export-csv">
            {t('export.csv')}
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline"
            disabled={busy}
            onClick={() => start('json')}
            data-testid="export-json"
          >
            {t('export.json')}
          </button>
        </div>
        <p id={`${id}-zone`} className="muted history-export-note">
          {t('export.zoneNote', { zone: zoneLabel })}
        </p>
        <p
          className={`history-export-status${problem !== null && !busy ? ' problem' : ''}`}
          role="status"
          data-testid="export-status"
        >
          {busy
            ? t('export.working')
            : problem !== null
              ? t(`export.problem.${problem}`)
              : saved !== null
                ? t('export.saved', { rows: numbers.exact(saved) })
                : ''}
        </p>
      </form>
    </details>
  );
}
