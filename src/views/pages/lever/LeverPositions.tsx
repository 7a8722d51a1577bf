import { memo, useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { take, type Observable } from 'rxjs';
import type { ActorRefFrom } from 'xstate';
import {
  LEVER_CLOSE_NONE,
  LEVER_STATUS_CLOSED,
  LEVER_STATUS_OPEN,
  LEVER_STATUS_PENDING,
  LEVER_TYPE_LONG,
} from '../../../domain/contract-codes.ts';
import { compareDecimal, truncateDecimal } from '../../../domain/format.ts';
import type { NumberText } from '../../../domain/number-locale.ts';
import { listPage } from '../../../domain/lever/list-page.ts';
import { unitsText } from '../../../domain/money.ts';
import { dateTimeText } from '../../../domain/time-zone.ts';
import {
  LEVER_PAGE_SIZE,
  LEVER_TABS,
  type LeverPosition,
  type LeverTab,
  leverPositionsMachine,
} from '../../../machines/lever-positions.machine.ts';
import { leverRoeText } from '../../../machines/lever-roe.ts';
import { leverMarkSummary } from '../../../machines/lever-terms.ts';
import type { leverTpSlMachine } from '../../../machines/lever-tp-sl.machine.ts';
import type { leverCloseProofMachine } from '../../../machines/lever-close-proof.machine.ts';
import { PnlCardDialog } from '../../components/pnl-card/PnlCardDialog.tsx';
import { usePnlPicture } from '../../components/pnl-card/use-pnl-picture.ts';
import { useServices } from '../../services-context.ts';
import { useTimeZone, useZoneLabel } from '../../components/use-time-zone.ts';
import { useActorRef, useSelector } from '../../use-app-actor.ts';
import { setClass, setText } from '../trade/text-cells.ts';
import { leverColumns, leverColumnTitle, type LeverColumn } from './lever-columns.ts';
import { LeverCloseProof } from './LeverCloseProof.tsx';
import { LeverClosePart } from './LeverClosePart.tsx';
import { LeverDialog } from './LeverDialog.tsx';
import { LeverTpSlDialog } from './LeverTpSlDialog.tsx';
import { moneyText } from './LeverSummary.tsx';
import { useNumberText } from '../../use-number-text.ts';

type PositionsRef = ActorRefFrom<typeof leverPositionsMachine>;
type TpSlRef = ActorRefFrom<typeof leverTpSlMachine>;
type ProofRef = ActorRefFrom<typeof leverCloseProofMachine>;
/** Opens a position's PnL card; null until the card can be drawn (the invite code is loading). */
type ShareCard = ((row: LeverPosition) => void) | null;

/**
 * The lever positions panel (spec §2 Lever history): open positions with
 * their live PnL (painted from the last trade, once per frame, outside React state), pending
 * fixed-price orders, and closed positions with their reason; close one, cancel one, close all
 * (all, longs or shorts), and the take-profit / stop-loss dialog, each behind a confirm.
 */
export function LeverPositions({
  positions,
  last$,
  matchId,
  priceDecimals,
  base,
  quote,
}: {
  positions: PositionsRef;
  last$: Observable<string>;
  matchId: number;
  priceDecimals: number;
  base: string;
  quote: string;
}) {
  const numbers = useNumberText();
  const { t } = useTranslation();
  // Each piece read on its own: the snapshot changes on every frame's LAST (the price the TP/SL
  // dialog checks its sides against), which must not re-render the table.
  const tab = useSelector(positions, (s) => s.context.tab);
  const open = useSelector(positions, (s) => s.context.open);
  const openPage = useSelector(positions, (s) => s.context.openPage);
  const paged = useSelector(positions, (s) => s.context.paged);
  const ask = useSelector(positions, (s) => s.context.ask);
  const asking = useSelector(positions, (s) => s.matches({ dialog: 'asking' }));
  const acting = useSelector(
    positions,
    (s) => s.matches({ dialog: 'acting' }) || s.matches({ dialog: 'stop' }),
  );
  const tpSl = useSelector(positions, (s) => s.children.tpSl as TpSlRef | undefined);
  const table = useRef<HTMLDivElement>(null);
  // The detail of a closed position (why it closed) and the PnL card (issue 32 items 6 and 5).
  const { machines } = useServices();
  const proof = useActorRef(machines.trading.leverCloseProof);
  const card = useActorRef(machines.trading.pnlCard);
  const picture = usePnlPicture();
  const share = useCallback(
    (row: LeverPosition) => {
      if (!picture) return;
      const closed = row.status === LEVER_STATUS_CLOSED;
      let mark = row.update_price;
      // An open position on the pair on screen is shown at the mark painted now (the last trade).
      if (!closed && row.currency_match_id === matchId)
        last$.pipe(take(1)).subscribe((price) => (mark = price));
      const pnl = closed
        ? row.profits
        : unitsText(leverMarkSummary([row], mark, null, '0').pnl.get(row.id) ?? 0n);
      const long = row.type === LEVER_TYPE_LONG;
      const price = (value: string) => rowPrice(row, value, matchId, priceDecimals, numbers);
      card.send({
        type: 'OPEN',
        picture: picture({
          product: 'lever',
          id: row.id,
          pair: row.currency_match?.symbol ?? row.symbol,
          side: `${t(long ? 'lever.long' : 'lever.short')} ×${row.multiple}`,
          sideUp: long,
          entryLabel: t('lever.entryPrice'),
          entry: price(row.price),
          lastLabel: t(closed ? 'lever.col.exit' : 'pnlCard.mark'),
          last: price(mark),
          pnl,
          currency: (row.currency_match?.symbol ?? row.symbol).split('/')[1] ?? '',
          percent: leverRoeText(pnl, row.origin_caution_money),
          at: closed ? row.closed_at : null,
        }),
      });
    },
    [picture, card, last$, matchId, priceDecimals, numbers, t],
  );
  const onShare: ShareCard = picture ? share : null;

  // The open positions, a page at a time like the other tabs: 10 rows to lay out and paint live.
  const openShown = listPage(open, openPage, LEVER_PAGE_SIZE);
  const current = tab === 'open' ? null : paged[tab];
  const rows = current ? current.rows : openShown.rows;

  // Live PnL of the open positions on screen: painted into their cells from the last trade price.
  useEffect(() => {
    const shown = new Set(rows.map((row) => row.id));
    const painted = open.filter((row) => shown.has(row.id));
    if (painted.length === 0) return;
    const paint = (mark: string) => {
      const root = table.current;
      if (!root) return;
      const { pnl } = leverMarkSummary(painted, mark, null, '0');
      for (const cell of root.querySelectorAll<HTMLElement>('[data-pnl-id]')) {
        const value = pnl.get(Number(cell.dataset.pnlId));
        if (value === undefined) continue;
        setText(cell, moneyText(value, quote, numbers));
        setClass(cell, 'up', value > 0n);
        setClass(cell, 'down', value < 0n);
      }
    };
    const subscription = last$.subscribe(paint);
    return () => subscription.unsubscribe();
  }, [open, rows, last$, quote, numbers]);

  const page = current
    ? { page: current.page, pages: Math.max(1, Math.ceil(current.total / LEVER_PAGE_SIZE)) }
    : openShown;
  const pageTotal = current ? current.total : open.length;
  const counts: Record<LeverTab, number> = {
    delegation: paged.delegation.total,
    open: open.length,
    all: paged.all.total,
    pending: paged.pending.total,
    closed: paged.closed.total,
  };
  const openIds = new Set(open.map((row) => row.id));
  const columns = leverColumns(tab);
  // One object per tab and language, so the memoised rows keep their props between renders.
  const titles = useMemo(
    () =>
      Object.fromEntries(
        leverColumns(tab).map((column) => [column, t(leverColumnTitle(column, tab))]),
      ) as ColumnTitles,
    [tab, t],
  );
  const { zone } = useTimeZone();
  const zoneLabel = useZoneLabel(zone);
  // A phone's card labels each field with its heading; the time's carries the zone, as its heading does.
  const labels = useMemo(() => ({ ...titles, time: `${titles.time} (${zoneLabel})` }), [titles, zoneLabel]);

  return (
    <section
      className="trade-panel lever-positions"
      aria-labelledby="lever-positions-title"
      data-testid="lever-positions"
    >
      <h2 id="lever-positions-title" className="visually-hidden">
        {t('lever.positions')}
      </h2>
      <div className="lever-positions-head">
        <div className="mode-tabs" role="tablist" aria-label={t('lever.positions')}>
          {LEVER_TABS.map((each) => (
            <button
              key={each}
              type="button"
              role="tab"
              aria-selected={tab === each}
              className={tab === each ? 'active' : ''}
              data-testid={`lever-tab-${each}`}
              onClick={() => positions.send({ type: 'TAB', tab: each })}
            >
              {t(`lever.tab.${each}`)} <span className="num">({counts[each]})</span>
            </button>
          ))}
        </div>
        <button
          type="button"
          className="btn btn-sm"
          disabled={open.length === 0}
          data-testid="lever-close-all"
          onClick={() => positions.send({ type: 'CLOSE_ALL', which: 'all' })}
        >
          {t('lever.closeAll')}
        </button>
      </div>
      <div className="lever-table-wrap" ref={table}>
        {rows.length === 0 ? (
          <p className="lever-muted lever-empty">{t('lever.empty')}</p>
        ) : (
          <table className="lever-table" data-testid={`lever-table-${tab}`} data-tab={tab}>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th
                    key={column}
                    scope="col"
                    className={column === 'actions' ? 'lever-actions-head' : undefined}
                    data-col={column}
                  >
                    {titles[column]}
                    {column === 'time' ? <ZoneNote label={zoneLabel} /> : null}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <PositionRow
                  key={row.id}
                  row={row}
                  tab={tab}
                  columns={columns}
                  labels={labels}
                  zone={zone}
                  live={openIds.has(row.id) && row.currency_match_id === matchId}
                  canStop={openIds.has(row.id)}
                  matchId={matchId}
                  priceDecimals={priceDecimals}
                  disabled={acting}
                  positions={positions}
                  proof={proof}
                  onShare={onShare}
                />
              ))}
            </tbody>
          </table>
        )}
      </div>
      {pageTotal > LEVER_PAGE_SIZE ? (
        <div className="lever-pager" data-testid="lever-pager">
          <button
            type="button"
            className="btn btn-sm"
            disabled={page.page <= 1}
            data-testid="lever-page-prev"
            onClick={() => positions.send({ type: 'PAGE', page: page.page - 1 })}
          >
            {t('lever.prev')}
          </button>
          <span className="num" data-testid="lever-page-of">
            {page.page} / {page.pages}
          </span>
          <button
            type="button"
            className="btn btn-sm"
            disabled={page.page >= page.pages}
            data-testid="lever-page-next"
            onClick={() => positions.send({ type: 'PAGE', page: page.page + 1 })}
          >
            {t('lever.next')}
          </button>
        </div>
      ) : null}
      {ask ? (
        <LeverDialog labelledBy="lever-ask-title" testId="lever-ask-dialog">
          <h3 id="lever-ask-title">
            {t(
              ask.kind === 'close' && ask.at === 'price' ? 'lever.ask.closeAtPrice' : `lever.ask.${ask.kind}`,
            )}
          </h3>
          {ask.kind === 'closeAll' ? (
            <div className="lever-multiples" role="radiogroup" aria-label={t('lever.ask.closeAll')}>
              {(['all', 'longs', 'shorts'] as const).map((which) => (
                <button
                  key={which}
                  type="button"
                  role="radio"
                  aria-checked={ask.which === which}
                  className={ask.which === which ? 'lever-chip active' : 'lever-chip'}
                  data-testid={`lever-which-${which}`}
                  onClick={() => positions.send({ type: 'WHICH', which })}
                >
                  {t(`lever.which.${which}`)}
                </button>
              ))}
            </div>
          ) : ask.kind === 'close' ? (
            <LeverClosePart
              ask={ask}
              positions={positions}
              row={open.find((row) => row.id === ask.id)}
              priceDecimals={priceDecimals}
              quote={quote}
            />
          ) : (
            <p>{t(`lever.ask.${ask.kind}Text`)}</p>
          )}
          <div className="lever-buttons">
            <button type="button" className="btn" onClick={() => positions.send({ type: 'DISMISS' })}>
              {t('lever.back')}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              data-testid="lever-ask-confirm"
              disabled={!asking}
              onClick={() => positions.send({ type: 'CONFIRM' })}
            >
              {t('lever.confirm')}
            </button>
          </div>
        </LeverDialog>
      ) : null}
      <LeverCloseProof proof={proof} onCard={share} />
      <PnlCardDialog card={card} />
      {tpSl ? <LeverTpSlDialog tpSl={tpSl} priceDecimals={priceDecimals} base={base} quote={quote} /> : null}
    </section>
  );
}

/** A price of a row: with the pair's decimals on the pair on screen, exactly as sent on another pair. */
function rowPrice(
  row: LeverPosition,
  price: string,
  matchId: number,
  priceDecimals: number,
  numbers: NumberText,
): string {
  if (compareDecimal(price, '0') === 0) return '—';
  if (row.currency_match_id === matchId) return numbers.price(price, priceDecimals);
  // Cut to 8 places (always 8 shown by truncateDecimal), trailing zeros dropped.
  return numbers.exact(truncateDecimal(price, 8).replace(/\.?0+$/, ''));
}

type ColumnTitles = Record<LeverColumn, string>;

/** The zone under the time heading, free to break after "UTC" so it is no wider than the times. */
function ZoneNote({ label }: { label: string }) {
  const [utc, offset] = label.startsWith('UTC') ? ['UTC', label.slice(3)] : [label, ''];
  return (
    <small className="lever-zone">
      {' '}
      ({utc}
      <wbr />
      {offset})
    </small>
  );
}

/** A time in the zone on two lines, date over time of day ("11/28" over "01:02:03"), as narrow as it gets. */
function TimeCell({ ms, zone }: { ms: number; zone: string }) {
  const [date, time] = dateTimeText(ms, zone).split(' ');
  return (
    <>
      <span className="lever-line">{date}</span>
      <span className="lever-line lever-muted">{time}</span>
    </>
  );
}

/** A row re-renders only when its position, or what it is shown with, changed (memo). */
const PositionRow = memo(function PositionRow({
  row,
  tab,
  columns,
  labels,
  zone,
  live,
  canStop,
  matchId,
  priceDecimals,
  disabled,
  positions,
  proof,
  onShare,
}: {
  row: LeverPosition;
  tab: LeverTab;
  columns: readonly LeverColumn[];
  /** The labels of the fields of a position's card on a phone: the headings. */
  labels: ColumnTitles;
  zone: string;
  /** An open position on the pair on screen: its PnL is painted live. */
  live: boolean;
  /** An open position of the pair on screen: its take-profit / stop-loss may be set here. */
  canStop: boolean;
  matchId: number;
  priceDecimals: number;
  disabled: boolean;
  positions: PositionsRef;
  proof: ProofRef;
  onShare: ShareCard;
}) {
  const numbers = useNumberText();
  const { t } = useTranslation();
  const long = row.type === LEVER_TYPE_LONG;
  const profits = compareDecimal(row.profits, '0');
  const isOpen = row.status === LEVER_STATUS_OPEN;
  const closed = row.status === LEVER_STATUS_CLOSED;
  const reason =
    closed && row.close_reason !== LEVER_CLOSE_NONE ? t(`lever.reason.${row.close_reason}`) : null;
  const price = (value: string) => rowPrice(row, value, matchId, priceDecimals, numbers);
  // Amounts are in the quote currency of the row's pair (the lever account's currency).
  const quote = (row.currency_match?.symbol ?? row.symbol).split('/')[1] ?? '';
  const cell = (column: LeverColumn): ReactNode => {
    switch (column) {
      case 'pair':
        return (
          <>
            <span className="lever-line lever-symbol">{row.currency_match?.symbol ?? row.symbol}</span>
            <span className={long ? 'lever-line lever-side long' : 'lever-line lever-side short'}>
              {t(long ? 'lever.long' : 'lever.short')} ×{row.multiple}
            </span>
            {row.part_of ? (
              <span className="lever-line lever-muted" data-testid="lever-row-part-of">
                {t('lever.partOf', { id: row.part_of })}
              </span>
            ) : null}
            {tab === 'delegation' ? (
              <span className="lever-line lever-muted" data-testid="lever-row-status">
                {t(`lever.status.${row.status}`)}
              </span>
            ) : null}
          </>
        );
      case 'lots':
        return numbers.fixed(row.share, 0);
      case 'entry':
        return price(row.price);
      case 'exit':
        // Once closed, update_price is the close price (the contract's leverPosition).
        return <span data-testid="lever-row-exit">{closed ? price(row.update_price) : '—'}</span>;
      case 'pnl': {
        const roe = closed ? leverRoeText(row.profits, row.origin_caution_money) : null;
        return (
          <>
            <span
              className={`lever-line lever-pnl${profits > 0 ? ' up' : profits < 0 ? ' down' : ''}`}
              data-pnl-id={live ? row.id : undefined}
              data-testid="lever-row-pnl"
            >
              {numbers.amount(row.profits, quote)}
            </span>
            {roe === null ? null : (
              <span className="lever-line lever-muted" data-testid="lever-row-roe">
                {numbers.percent(roe)}
              </span>
            )}
          </>
        );
      }
      case 'reason':
        return reason === null ? (
          '—'
        ) : (
          <>
            <span className="lever-line lever-reason" data-testid="lever-row-reason">
              {reason}
            </span>
            {row.close_trade ? (
              <button
                type="button"
                className="btn btn-sm lever-proof-open"
                aria-label={t('lever.proof.openLabel', { id: row.id })}
                data-testid="lever-row-proof"
                onClick={() => proof.send({ type: 'SHOW', position: row })}
              >
                {t('lever.proof.open')}
              </button>
            ) : null}
          </>
        );
      case 'margin':
        return numbers.amount(row.caution_money, quote);
      case 'stops':
        return (
          <>
            <span className="lever-line" data-testid="lever-row-tp">
              {price(row.target_profit_price)}
            </span>
            <span className="lever-line" data-testid="lever-row-sl">
              {price(row.stop_loss_price)}
            </span>
            {row.close_order_share && row.close_order_price ? (
              <span className="lever-line lever-muted" data-testid="lever-row-close-order">
                {t('lever.closeOrderCell', {
                  lots: numbers.exact(row.close_order_share),
                  price: price(row.close_order_price),
                })}
              </span>
            ) : null}
          </>
        );
      case 'liquidation':
        return price(row.liquidation_price);
      case 'fees':
        return (
          <>
            <span className="lever-line">{numbers.cost(row.trade_fee, quote)}</span>
            <span className="lever-line lever-muted">{numbers.cost(row.overnight_money, quote)}</span>
          </>
        );
      case 'time':
        return (
          <span data-testid={tab === 'closed' ? 'lever-row-closed-at' : 'lever-row-time'}>
            <TimeCell ms={tab === 'closed' ? row.closed_at : row.created_at} zone={zone} />
          </span>
        );
      case 'actions':
        return (
          <div className="lever-actions-stack">
            {canStop ? (
              <button
                type="button"
                className="btn btn-sm"
                disabled={disabled}
                data-testid="lever-row-stop"
                onClick={() => positions.send({ type: 'STOP', id: row.id })}
              >
                {t('lever.setStops')}
              </button>
            ) : null}
            {isOpen ? (
              <button
                type="button"
                className="btn btn-sm"
                disabled={onShare === null}
                aria-label={t('pnlCard.openLabel', { id: row.id })}
                data-testid="lever-row-card"
                onClick={() => onShare?.(row)}
              >
                {t('pnlCard.open')}
              </button>
            ) : null}
            {isOpen ? (
              <button
                type="button"
                className="btn btn-sm"
                disabled={disabled}
                data-testid="lever-row-close"
                onClick={() => positions.send({ type: 'CLOSE', id: row.id })}
              >
                {t('lever.close')}
              </button>
            ) : null}
            {row.status === LEVER_STATUS_PENDING ? (
              <button
                type="button"
                className="btn btn-sm"
                disabled={disabled}
                data-testid="lever-row-cancel"
                onClick={() => positions.send({ type: 'CANCEL_ORDER', id: row.id })}
              >
                {t('lever.cancelOrder')}
              </button>
            ) : null}
          </div>
        );
    }
  };
  return (
    <tr data-testid={`lever-row-${row.id}`} data-status={row.status}>
      {columns.map((column) => (
        <td
          key={column}
          className={CELL_CLASS[column]}
          data-col={column}
          // The card of a phone labels each field with its column's heading (lever.css).
          data-label={column === 'pair' || column === 'actions' ? undefined : labels[column]}
        >
          {cell(column)}
        </td>
      ))}
    </tr>
  );
});

/** Numbers are set in fixed-width digits; the pair and the actions are not numbers. */
const CELL_CLASS: Record<LeverColumn, string> = {
  pair: 'lever-cell-pair',
  lots: 'num',
  entry: 'num',
  exit: 'num',
  pnl: 'num lever-cell-pnl',
  reason: 'lever-cell-reason',
  margin: 'num',
  stops: 'num',
  liquidation: 'num',
  fees: 'num',
  time: 'num lever-time',
  actions: 'lever-actions',
};
