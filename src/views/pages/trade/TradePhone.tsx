import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { sheetKeyDown } from '../../components/sheet-keys.ts';

/** Below this width /trade is a phone screen: tabs for the market views, forms in a sheet. */
export const PHONE_TRADE_QUERY = '(max-width: 899px)';

type View = 'chart' | 'book' | 'trades' | 'pairs';
const VIEWS: readonly View[] = ['chart', 'book', 'trades', 'pairs'];
type Side = 'buy' | 'sell';

interface PhoneProps {
  header: ReactNode;
  views: Record<View, ReactNode>;
  forms: ReactNode;
  orders: ReactNode;
  /** The pair shown: a new one (picked from the pairs view) brings the chart back. */
  pairKey: string | number;
}

/**
 * /trade on a phone, the way the big exchanges' mobile web does it: the market header, then one
 * market view at a time behind tabs (chart, order book, recent trades, pairs), the orders panel,
 * and fixed Buy and Sell buttons that open the order forms in a bottom sheet.
 */
export function TradePhone({ header, views, forms, orders, pairKey }: PhoneProps) {
  const { t } = useTranslation();
  // The view belongs to a pair: a new pair (picked from the pairs view) shows its chart.
  const [chosen, setChosen] = useState<{ pair: string | number; view: View }>({
    pair: pairKey,
    view: 'chart',
  });
  const view = chosen.pair === pairKey ? chosen.view : 'chart';
  const setView = (next: View) => setChosen({ pair: pairKey, view: next });
  const [sheet, setSheet] = useState<Side | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const base = useId();

  const open = (side: Side, button: HTMLButtonElement) => {
    opener.current = button;
    setSheet(side);
  };

  return (
    <div className="trade-page trade-phone" data-testid="trade-page" data-layout="phone">
      {header}
      <section className="trade-panel phone-views">
        <div
          className="phone-tabs"
          role="tablist"
          aria-label={t('trade.phone.views')}
          onKeyDown={(event) => {
            const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
            if (step === 0) return;
            const next = VIEWS[(VIEWS.indexOf(view) + step + VIEWS.length) % VIEWS.length] ?? 'chart';
            setView(next);
            document.getElementById(`${base}-tab-${next}`)?.focus();
          }}
        >
          {VIEWS.map((name) => (
            <button
              key={name}
              id={`${base}-tab-${name}`}
              type="button"
              role="tab"
              aria-selected={view === name}
              aria-controls={`${base}-panel`}
              tabIndex={view === name ? 0 : -1}
              className={view === name ? 'active' : ''}
              onClick={() => setView(name)}
              data-testid={`phone-tab-${name}`}
            >
              {t(`trade.phone.${name}`)}
            </button>
          ))}
        </div>
        <div
          id={`${base}-panel`}
          role="tabpanel"
          aria-labelledby={`${base}-tab-${view}`}
          className={`phone-view phone-view-${view}`}
        >
          {views[view]}
        </div>
      </section>
      {orders}
      <div className="phone-actions">
        <button
          type="button"
          className="btn form-submit submit-buy"
          aria-haspopup="dialog"
          onClick={(event) => open('buy', event.currentTarget)}
          data-testid="phone-buy"
        >
          {t('trade.orders.buy')}
        </button>
        <button
          type="button"
          className="btn form-submit submit-sell"
          aria-haspopup="dialog"
          onClick={(event) => open('sell', event.currentTarget)}
          data-testid="phone-sell"
        >
          {t('trade.orders.sell')}
        </button>
      </div>
      {sheet && (
        <OrderSheet
          side={sheet}
          onSide={setSheet}
          onClose={() => {
            setSheet(null);
            opener.current?.focus();
          }}
        >
          {forms}
        </OrderSheet>
      )}
    </div>
  );
}

/**
 * A modal bottom sheet holding the order forms, one side at a time: a side switch, a close button,
 * Escape closes, Tab stays inside, and focus returns to the button that opened it.
 */
function OrderSheet({
  side,
  onSide,
  onClose,
  children,
}: {
  side: Side;
  onSide: (side: Side) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDivElement>(null);
  const titleId = useId();
  // Focus goes in once, on the side the sheet opened with; switching sides keeps it where it is.
  const openedWith = useRef(side);

  useEffect(() => {
    dialog.current?.querySelector<HTMLElement>(`[data-side="${openedWith.current}"]`)?.focus();
    // The page behind does not scroll while the sheet is up.
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);

  return (
    <div
      className="sheet-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialog}
        className={`trade-sheet sheet-${side}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-side={side}
        data-testid="order-sheet"
        onKeyDown={(event) => sheetKeyDown(event, dialog, onClose)}
      >
        <div className="sheet-head">
          <h2 id={titleId} className="visually-hidden">
            {t('trade.form.title')}
          </h2>
          <div className="sheet-sides" role="group" aria-label={t('trade.orders.side')}>
            {(['buy', 'sell'] as const).map((option) => (
              <button
                key={option}
                type="button"
                data-side={option}
                aria-pressed={side === option}
                className={`sheet-side side-${option}${side === option ? ' active' : ''}`}
                onClick={() => onSide(option)}
                data-testid={`sheet-side-${option}`}
              >
                {t(option === 'buy' ? 'trade.orders.buy' : 'trade.orders.sell')}
              </button>
            ))}
          </div>
          <button
            type="button"
            className="icon-button sheet-close"
            aria-label={t('trade.phone.close')}
            onClick={onClose}
            data-testid="sheet-close"
          >
            <svg
              aria-hidden="true"
              width="20"
              height="20"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            >
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
        <div className="sheet-body">{children}</div>
      </div>
    </div>
  );
}
