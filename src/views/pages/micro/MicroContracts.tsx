import { useCallback, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MICRO_PAGE_SIZE, type MicroScreenRef } from '../../../machines/micro-screen.machine.ts';
import { MICRO_TYPE_UP } from '../../../domain/contract-codes.ts';
import { leverRoeText } from '../../../machines/lever-roe.ts';
import type { MicroOrder } from '../../../streams/micro-pushes.ts';
import { PnlCardDialog } from '../../components/pnl-card/PnlCardDialog.tsx';
import { usePnlPicture } from '../../components/pnl-card/use-pnl-picture.ts';
import { useServices } from '../../services-context.ts';
import { useNumberText } from '../../use-number-text.ts';
import { useActorRef, useSelector } from '../../use-app-actor.ts';
import { createCountdownPainter } from './countdown-painter.ts';
import { MicroContractRow } from './MicroContractRow.tsx';

const TABS = ['running', 'closed'] as const;

/**
 * Spec §2 Micro, the history: in progress (status 1) with the countdown, and closed (status 3)
 * ten a page with a pager shown only when there is more than one page.
 *
 * The list renders when its contracts change; the countdowns follow the screen's one clock through
 * a painter (countdown-painter.ts) that writes only the cells whose whole seconds moved, so two
 * hundred running contracts cost no React work a second.
 */
export function MicroContracts({ screen }: { screen: MicroScreenRef }) {
  const { t } = useTranslation();
  const tab = useSelector(screen, (s) => s.context.tab);
  const running = useSelector(screen, (s) => s.context.running);
  const closed = useSelector(screen, (s) => s.context.closed);
  const page = useSelector(screen, (s) => s.context.closedPage);
  const total = useSelector(screen, (s) => s.context.closedTotal);
  const rows = tab === 'running' ? running : closed;
  const lastPage = Math.max(1, Math.ceil(total / MICRO_PAGE_SIZE));
  const list = useRef<HTMLUListElement>(null);
  // A settled contract's PnL card (issue 32 item 5): its profit as a percent of the stake.
  const { machines } = useServices();
  const numbers = useNumberText();
  const card = useActorRef(machines.trading.pnlCard);
  const picture = usePnlPicture();
  const share = useCallback(
    (order: MicroOrder) => {
      if (!picture) return;
      const up = order.type === MICRO_TYPE_UP;
      card.send({
        type: 'OPEN',
        picture: picture({
          product: 'micro',
          id: order.id,
          pair: order.symbol_name,
          side: t(up ? 'micro.up' : 'micro.down'),
          sideUp: up,
          entryLabel: t('micro.openPrice'),
          entry: numbers.exact(order.open_price),
          lastLabel: t('micro.endPrice'),
          last: numbers.exact(order.end_price),
          pnl: order.fact_profits,
          currency: order.currency_name,
          percent: leverRoeText(order.fact_profits, order.number),
          at: order.expires_at,
        }),
      });
    },
    [picture, card, numbers, t],
  );

  // Before the rows are first shown, and on every move of the clock after, until the list changes.
  useLayoutEffect(() => {
    const root = list.current;
    if (!root) return undefined;
    const paint = createCountdownPainter(root, running, (seconds) => t('micro.remain', { seconds }));
    let clock = screen.getSnapshot().context.clock;
    paint(clock);
    const subscription = screen.subscribe((snapshot) => {
      if (snapshot.context.clock === clock) return;
      clock = snapshot.context.clock;
      paint(clock);
    });
    return () => subscription.unsubscribe();
  }, [screen, running, rows, t]);
  return (
    <section
      className="trade-panel micro-contracts"
      aria-label={t('micro.contracts')}
      data-testid="micro-contracts"
    >
      <div className="mode-tabs micro-tabs" role="tablist">
        {TABS.map((each) => (
          <button
            key={each}
            type="button"
            role="tab"
            aria-selected={tab === each}
            className={tab === each ? 'active' : ''}
            data-testid={`micro-tab-${each}`}
            onClick={() => screen.send({ type: 'TAB', tab: each })}
          >
            {t(`micro.tab.${each}`)}
          </button>
        ))}
      </div>
      {rows.length === 0 ? (
        <p className="micro-empty">{t('micro.empty')}</p>
      ) : (
        <ul className="micro-list" ref={list}>
          {rows.map((order) => (
            <MicroContractRow key={order.id} order={order} onShare={picture ? share : null} />
          ))}
        </ul>
      )}
      {tab === 'closed' && total > MICRO_PAGE_SIZE ? (
        <div className="micro-pager">
          <button
            type="button"
            className="btn"
            disabled={page <= 1}
            onClick={() => screen.send({ type: 'PAGE', page: page - 1 })}
          >
            {t('micro.prev')}
          </button>
          <span className="num">
            {page} / {lastPage}
          </span>
          <button
            type="button"
            className="btn"
            disabled={page >= lastPage}
            onClick={() => screen.send({ type: 'PAGE', page: page + 1 })}
          >
            {t('micro.next')}
          </button>
        </div>
      ) : null}
      <PnlCardDialog card={card} />
    </section>
  );
}
