import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { LIMIT, MARKET, type SpotSide } from '../../../domain/spot/order-kind.ts';
import { shownOrderTotal } from '../../../domain/spot/order-total.ts';
import { shortcutFor, type ShortcutAction } from '../../../domain/trade-shortcuts.ts';
import { effectivePrice, quantityOf, type spotEntryMachine } from '../../../machines/spot-entry.machine.ts';
import type { spotOrdersMachine } from '../../../machines/spot-orders.machine.ts';
import { tradeKeysMachine } from '../../../machines/trade-keys.machine.ts';
import { traderPrefs } from '../../../machines/trader-prefs.ts';
import { sheetKeyDown } from '../../components/sheet-keys.ts';
import { useServices } from '../../services-context.ts';
import { useActorRef, useSelector } from '../../use-app-actor.ts';
import { useNumberText } from '../../use-number-text.ts';
import { useTraderPrefs } from '../../use-trader-prefs.ts';
import { ShortcutList } from '../../components/ShortcutList.tsx';

type EntryActor = ActorRefFrom<typeof spotEntryMachine>;
type OrdersActor = ActorRefFrom<typeof spotOrdersMachine>;

/** Whether a key goes to something the user types in: there, the key is the field's. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (
    target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  )
    return true;
  return (
    target instanceof HTMLInputElement &&
    !['checkbox', 'radio', 'range', 'button', 'submit'].includes(target.type)
  );
}

interface ShortcutsProps {
  entry: EntryActor;
  orders: OrdersActor;
  signedIn: boolean;
  base: string;
  quote: string;
}

/**
 * Keyboard trading on /trade (issue 33 item 2; the keys: domain/trade-shortcuts.ts): focus a side's
 * form, switch limit/market, set the slider, place with a confirmation (none with the "pro"
 * setting), cancel the newest or every open order of the pair, search pairs, and `?` for the sheet.
 * Switched off in the personal settings, it listens to nothing. The side the slider and the submit
 * key act on is the form last focused (by key or by pointer); buy at first.
 */
export function TradeShortcuts({ entry, orders, signedIn, base, quote }: ShortcutsProps) {
  const { t } = useTranslation();
  const { toasts } = useServices();
  const prefs = useTraderPrefs();
  const keys = useActorRef(tradeKeysMachine);
  const state = useSelector(keys, (snapshot) => snapshot.value);
  const side = useRef<SpotSide>('buy');

  // The confirmed order goes to the screen's form, which applies every rule and says what is wrong.
  useEffect(() => {
    const subscriptions = [
      // A far price still gets its own question after this one, unless the trader is "pro".
      keys.on('place', ({ side: chosen }) =>
        entry.send({ type: 'SUBMIT', side: chosen, skipConfirm: traderPrefs.get().skipConfirm }),
      ),
      orders.on('nothingToCancel', () => toasts.show('info', t('trade.keys.nothingToCancel'))),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [keys, entry, orders, toasts, t]);

  useEffect(() => {
    if (!prefs.shortcuts) return undefined;
    const follow = (event: FocusEvent) => {
      const form = (event.target as HTMLElement | null)?.closest?.('.order-form');
      if (form?.classList.contains('form-sell')) side.current = 'sell';
      else if (form?.classList.contains('form-buy')) side.current = 'buy';
    };
    const act = (action: ShortcutAction, target: EventTarget | null): boolean => {
      const open = keys.getSnapshot().value;
      if (action.kind === 'sheet') {
        keys.send({ type: 'SHEET' });
        return true;
      }
      // A dialog of the page (this one's, the phone's order sheet) has the keys while it is up.
      if (open !== 'idle' || document.querySelector('[aria-modal="true"]')) return false;
      switch (action.kind) {
        case 'leaveField': {
          const field = target instanceof HTMLElement ? target.closest('.order-form, .pairs') : null;
          if (!field) return false;
          (target as HTMLElement).blur();
          return true;
        }
        case 'focus': {
          side.current = action.side;
          const price = document.getElementById(`${action.side}-price`) as HTMLInputElement | null;
          const field = price && !price.disabled ? price : document.getElementById(`${action.side}-quantity`);
          field?.focus();
          return field !== null;
        }
        case 'mode':
          entry.send({ type: 'MODE', mode: action.mode === 'limit' ? LIMIT : MARKET });
          return true;
        case 'percent':
          entry.send({ type: 'PERCENT', side: side.current, percent: action.percent });
          return true;
        case 'search':
          document.querySelector<HTMLInputElement>('.pairs-search input')?.focus();
          return true;
        case 'submit':
        case 'cancelNewest':
        case 'cancelAll':
          if (!signedIn) toasts.show('info', t('trade.keys.signInFirst'));
          else if (action.kind === 'submit')
            keys.send({ type: 'SUBMIT', side: side.current, skipConfirm: traderPrefs.get().skipConfirm });
          else orders.send({ type: action.kind === 'cancelAll' ? 'CANCEL_ALL' : 'CANCEL_NEWEST' });
          return true;
      }
    };
    const press = (event: KeyboardEvent) => {
      const action = shortcutFor({
        key: event.key,
        ctrlKey: event.ctrlKey,
        altKey: event.altKey,
        metaKey: event.metaKey,
        repeat: event.repeat,
        typing: isTyping(event.target),
      });
      // Handled keys go no further: "/" would otherwise be typed into the search it focuses.
      if (action && act(action, event.target)) event.preventDefault();
    };
    document.addEventListener('focusin', follow);
    document.addEventListener('keydown', press);
    return () => {
      document.removeEventListener('focusin', follow);
      document.removeEventListener('keydown', press);
    };
  }, [prefs.shortcuts, keys, entry, orders, signedIn, toasts, t]);

  if (state === 'sheet')
    return (
      <KeysDialog
        title={t('trade.keys.title')}
        testId="shortcut-sheet"
        onClose={() => keys.send({ type: 'CLOSE' })}
        actions={
          <button type="button" className="btn" onClick={() => keys.send({ type: 'CLOSE' })} data-autofocus>
            {t('trade.keys.close')}
          </button>
        }
      >
        <p className="keys-hint">{t('trade.keys.hint')}</p>
        <ShortcutList />
      </KeysDialog>
    );
  if (state === 'confirming')
    return (
      <KeysConfirm
        entry={entry}
        side={keys.getSnapshot().context.side}
        base={base}
        quote={quote}
        onPlace={() => keys.send({ type: 'CONFIRM' })}
        onClose={() => keys.send({ type: 'CLOSE' })}
      />
    );
  return null;
}

/** The order a keyboard submit would place, to be confirmed (Enter) or dropped (Escape). */
function KeysConfirm({
  entry,
  side,
  base,
  quote,
  onPlace,
  onClose,
}: {
  entry: EntryActor;
  side: SpotSide;
  base: string;
  quote: string;
  onPlace: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const numbers = useNumberText();
  const market = useSelector(entry, (snapshot) => snapshot.context.mode === MARKET);
  const price = useSelector(entry, (snapshot) => effectivePrice(snapshot.context, side));
  const quantity = useSelector(entry, (snapshot) => quantityOf(snapshot.context, side));
  const total = shownOrderTotal(price, quantity, quote, side);
  const line = (label: string, value: string, testId: string) => (
    <div className="keys-confirm-line">
      <dt>{label}</dt>
      <dd className="num" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  return (
    <KeysDialog
      title={t(side === 'buy' ? 'trade.keys.confirmBuy' : 'trade.keys.confirmSell', { code: base })}
      testId="keys-confirm"
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn" onClick={onClose} data-testid="keys-confirm-back">
            {t('trade.keys.back')}
          </button>
          <button
            type="button"
            className={`btn form-submit submit-${side}`}
            onClick={onPlace}
            data-autofocus
            data-testid="keys-confirm-place"
          >
            {t('trade.keys.place')}
          </button>
        </>
      }
    >
      <dl className="keys-confirm-lines">
        {line(
          t('trade.form.price'),
          market ? t('trade.form.marketPrice') : `${numbers.exact(price)} ${quote}`,
          'keys-confirm-price',
        )}
        {line(
          t('trade.form.quantity'),
          quantity === '' ? '--' : `${numbers.exact(quantity)} ${base}`,
          'keys-confirm-quantity',
        )}
        {line(
          t(market ? 'trade.form.totalEstimate' : 'trade.form.total'),
          total === '' ? '--' : `${numbers.exact(total)} ${quote}`,
          'keys-confirm-total',
        )}
      </dl>
    </KeysDialog>
  );
}

/** A small modal of the keyboard flow: focus goes to its main button and back where it was after. */
function KeysDialog({
  title,
  testId,
  onClose,
  actions,
  children,
}: {
  title: string;
  testId: string;
  onClose: () => void;
  actions: ReactNode;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => before?.focus();
  }, []);
  return (
    <div
      className="keys-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialog}
        className="keys-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${testId}-title`}
        data-testid={testId}
        onKeyDown={(event) => sheetKeyDown(event, dialog, onClose)}
      >
        <h2 id={`${testId}-title`}>{title}</h2>
        {children}
        <div className="keys-actions">{actions}</div>
      </div>
    </div>
  );
}
