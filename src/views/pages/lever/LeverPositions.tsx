import { memo, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Observable } from 'rxjs';
import type { ActorRefFrom } from 'xstate';
import {
  LEVER_CLOSE_NONE,
  LEVER_STATUS_CLOSED,
  LEVER_STATUS_OPEN,
  LEVER_STATUS_PENDING,
  LEVER_TYPE_LONG,
} from '../../../domain/contract-codes.ts';
import { compareDecimal, formatAmount, formatPrice } from '../../../domain/format.ts';
import { listPage } from '../../../domain/lever/list-page.ts';
import {
  LEVER_PAGE_SIZE,
  LEVER_TABS,
  type LeverPosition,
  type LeverTab,
  leverPositionsMachine,
} from '../../../machines/lever-positions.machine.ts';
import { leverMarkSummary } from '../../../machines/lever-terms.ts';
import type { leverTpSlMachine } from '../../../machines/lever-tp-sl.machine.ts';
import { useSelector } from '../../use-app-actor.ts';
import { setClass, setText } from '../trade/text-cells.ts';
import { LeverDialog } from './LeverDialog.tsx';
import { LeverTpSlDialog } from './LeverTpSlDialog.tsx';
import { moneyText } from './LeverSummary.tsx';

type PositionsRef = ActorRefFrom<typeof leverPositionsMachine>;
type TpSlRef = ActorRefFrom<typeof leverTpSlMachine>;

/**
 * The lever positions panel (spec §2 Lever history, issue 13 items 5, 6, 8): open positions with
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
  const { t } = useTranslation();
  // Each piece read on its own: the snapshot changes on every frame's LAST (the price the TP/SL
  // dialog checks its sides against), which must not re-render the table (issue 13 item 10).
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
        setText(cell, moneyText(value));
        setClass(cell, 'up', value > 0n);
        setClass(cell, 'down', value < 0n);
      }
    };
    const subscription = last$.subscribe(paint);
    return () => subscription.unsubscribe();
  }, [open, rows, last$]);

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
          <table className="lever-table" data-testid={`lever-table-${tab}`}>
            <thead>
              <tr>
                {tab === 'delegation' ? <th scope="col">{t('lever.col.status')}</th> : null}
                <th scope="col">{t('lever.col.side')}</th>
                <th scope="col">{t('lever.col.symbol')}</th>
                <th scope="col">{t('lever.col.lots')}</th>
                <th scope="col">{t('lever.col.price')}</th>
                <th scope="col">{t('lever.col.margin')}</th>
                <th scope="col">{t('lever.takeProfit')}</th>
                <th scope="col">{t('lever.stopLoss')}</th>
                {tab !== 'closed' ? <th scope="col">{t('lever.col.liquidation')}</th> : null}
                <th scope="col">{t('lever.col.time')}</th>
                <th scope="col">{t('lever.col.fee')}</th>
                <th scope="col">{t('lever.col.overnight')}</th>
                <th scope="col">{t('lever.col.pnl')}</th>
                {tab !== 'closed' ? (
                  <th scope="col" className="lever-actions-head">
                    {t('lever.col.actions')}
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <PositionRow
                  key={row.id}
                  row={row}
                  tab={tab}
                  live={openIds.has(row.id) && row.currency_match_id === matchId}
                  canStop={openIds.has(row.id)}
                  matchId={matchId}
                  priceDecimals={priceDecimals}
                  disabled={acting}
                  positions={positions}
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
          <h3 id="lever-ask-title">{t(`lever.ask.${ask.kind}`)}</h3>
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
      {tpSl ? <LeverTpSlDialog tpSl={tpSl} priceDecimals={priceDecimals} base={base} quote={quote} /> : null}
    </section>
  );
}

/** A price of a row: with the pair's decimals on the pair on screen, exactly as sent on another pair. */
function rowPrice(row: LeverPosition, price: string, matchId: number, priceDecimals: number): string {
  if (compareDecimal(price, '0') === 0) return '—';
  if (row.currency_match_id === matchId) return formatPrice(price, priceDecimals);
  const plain = formatAmount(price, 8).replace(/\.?0+$/, '');
  return formatPrice(plain, 8);
}

/** A row re-renders only when its position, or what it is shown with, changed (memo). */
const PositionRow = memo(function PositionRow({
  row,
  tab,
  live,
  canStop,
  matchId,
  priceDecimals,
  disabled,
  positions,
}: {
  row: LeverPosition;
  tab: LeverTab;
  /** An open position on the pair on screen: its PnL is painted live. */
  live: boolean;
  /** An open position of the pair on screen: its take-profit / stop-loss may be set here. */
  canStop: boolean;
  matchId: number;
  priceDecimals: number;
  disabled: boolean;
  positions: PositionsRef;
}) {
  const { t } = useTranslation();
  const long = row.type === LEVER_TYPE_LONG;
  const profits = compareDecimal(row.profits, '0');
  const isOpen = row.status === LEVER_STATUS_OPEN;
  const price = (value: string) => rowPrice(row, value, matchId, priceDecimals);
  return (
    <tr data-testid={`lever-row-${row.id}`} data-status={row.status}>
      {tab === 'delegation' ? (
        <td data-testid="lever-row-status">{t(`lever.status.${row.status}`)}</td>
      ) : null}
      <td className={long ? 'lever-side long' : 'lever-side short'}>
        {t(long ? 'lever.long' : 'lever.short')} ×{row.multiple}
      </td>
      <td>{row.symbol}</td>
      <td className="num">{formatAmount(row.share, 0)}</td>
      <td className="num">{price(row.price)}</td>
      <td className="num">{formatAmount(row.caution_money, 4)}</td>
      <td className="num" data-testid="lever-row-tp">
        {price(row.target_profit_price)}
      </td>
      <td className="num" data-testid="lever-row-sl">
        {price(row.stop_loss_price)}
      </td>
      {tab !== 'closed' ? <td className="num">{price(row.liquidation_price)}</td> : null}
      <td className="num lever-time">{row.time}</td>
      <td className="num">{formatAmount(row.trade_fee, 4)}</td>
      <td className="num">{formatAmount(row.overnight_money, 4)}</td>
      <td
        className={`num lever-pnl${profits > 0 ? ' up' : profits < 0 ? ' down' : ''}`}
        data-pnl-id={live ? row.id : undefined}
        data-testid="lever-row-pnl"
      >
        {formatAmount(row.profits, 4)}
        {row.status === LEVER_STATUS_CLOSED && row.close_reason !== LEVER_CLOSE_NONE ? (
          <small className="lever-reason" data-testid="lever-row-reason">
            {' '}
            · {t(`lever.reason.${row.close_reason}`)}
          </small>
        ) : null}
      </td>
      {tab !== 'closed' ? (
        <td className="lever-actions">
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
        </td>
      ) : null}
    </tr>
  );
});
