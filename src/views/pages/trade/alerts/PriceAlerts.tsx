import { useEffect, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { resolveLanguage } from '../../../../domain/languages.ts';
import { MOVE_WINDOWS_MINUTES, isMoveWindow } from '../../../../domain/alerts/move-alert.ts';
import { ALERT_MOVES, ALERT_RISES, ALERT_WAITING } from '../../../../domain/contract-codes.ts';
import type { NumberText } from '../../../../domain/number-locale.ts';
import type { PriceAlert } from '../../../../streams/alert-pushes.ts';
import { usesDecimalComma } from '../../../../domain/number-entry.ts';
import { readPref } from '../../../../machines/local-prefs.ts';
import type { AlertFormProblem } from '../../../../machines/price-alerts.machine.ts';
import { useServices } from '../../../services-context.ts';
import { useMachine } from '../../../use-app-actor.ts';
import { useNumberText } from '../../../use-number-text.ts';
import { useSlowQuotes } from '../use-slow-quotes.ts';
import './price-alerts.css';

function problemText(problem: AlertFormProblem, t: TFunction) {
  switch (problem.kind) {
    case 'notNumber':
    case 'tooLarge':
      return t(`numberEntry.${problem.kind}`);
    case 'tooManyDecimals':
      return t('numberEntry.tooManyDecimals', { max: problem.max });
    case 'empty':
      return t('alerts.needPrice');
    case 'emptyPercent':
      return t('alerts.needPercent');
    default:
      return t(`server.${problem.kind}`);
  }
}

/** What an alert waits for, as its row says it: "Rises to 50,000.00", "Moves 2 % within 1 h". */
function alertRuleText(alert: PriceAlert, priceDecimals: number, t: TFunction, numbers: NumberText) {
  if (alert.direction === ALERT_MOVES) {
    return t('alerts.movesBy', {
      percent: numbers.exact(alert.percent ?? ''),
      window: t(`alerts.windows.${alert.window ?? 0}`),
    });
  }
  return t(alert.direction === ALERT_RISES ? 'alerts.risesTo' : 'alerts.fallsTo', {
    price: numbers.price(alert.price, priceDecimals),
  });
}

/** The panel inside the dialog: its machine runs while the dialog is open. */
function AlertPanel({
  pairId,
  symbol,
  priceDecimals,
}: {
  pairId: number;
  symbol: string;
  priceDecimals: number;
}) {
  const { t } = useTranslation();
  const numbers = useNumberText();
  const { machines } = useServices();
  const quotes = useSlowQuotes();
  const last = quotes.rows.get(pairId)?.close ?? '';
  const [snapshot, send] = useMachine(machines.alerts.priceAlerts, {
    input: {
      pairId,
      priceDecimals,
      decimalComma: usesDecimalComma(resolveLanguage(readPref('lang'))),
      last,
    },
  });
  useEffect(() => send({ type: 'LAST', price: last }), [last, send]);
  const { direction, price, percent, window, problem, refusal, alerts } = snapshot.context;
  const moves = direction === 'moves';
  const mine = alerts.filter((alert) => alert.currency_match_id === pairId);
  const busy = !snapshot.matches('ready');
  const message = problem ? problemText(problem, t) : refusal;

  return (
    <>
      <p className="alert-last">
        {t('alerts.lastPrice')}{' '}
        <strong className="num">{last === '' ? '—' : numbers.price(last, priceDecimals)}</strong>
      </p>
      <form
        className="alert-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'SUBMIT' });
        }}
      >
        <fieldset className="alert-direction">
          <legend className="visually-hidden">{t('alerts.when')}</legend>
          {(['rises', 'falls', 'moves'] as const).map((option) => (
            <label key={option} className={direction === option ? 'chosen' : undefined}>
              <input
                type="radio"
                name="alert-direction"
                value={option}
                checked={direction === option}
                onChange={() => send({ type: 'DIRECTION', direction: option })}
                data-testid={`alert-${option}`}
              />
              {t(`alerts.${option}`)}
            </label>
          ))}
        </fieldset>
        {moves ? (
          <div className="alert-move">
            <label className="alert-price">
              <span>{t('alerts.percent')}</span>
              <input
                inputMode="decimal"
                autoComplete="off"
                value={percent}
                aria-invalid={message ? true : undefined}
                aria-describedby={message ? 'alert-problem' : undefined}
                onChange={(event) => send({ type: 'PERCENT', percent: event.target.value })}
                data-testid="alert-percent"
              />
            </label>
            <label className="alert-price">
              <span>{t('alerts.window')}</span>
              <select
                value={window}
                onChange={(event) => {
                  const minutes = Number(event.target.value);
                  if (isMoveWindow(minutes)) send({ type: 'WINDOW', window: minutes });
                }}
                data-testid="alert-window"
              >
                {MOVE_WINDOWS_MINUTES.map((minutes) => (
                  <option key={minutes} value={minutes}>
                    {t(`alerts.windows.${minutes}`)}
                  </option>
                ))}
              </select>
            </label>
          </div>
        ) : (
          <label className="alert-price">
            <span>{t('alerts.price', { pair: symbol })}</span>
            <input
              inputMode="decimal"
              autoComplete="off"
              value={price}
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? 'alert-problem' : undefined}
              onChange={(event) => send({ type: 'PRICE', price: event.target.value })}
              data-testid="alert-price"
            />
          </label>
        )}
        {message && (
          <p className="alert-problem" id="alert-problem" role="alert" data-testid="alert-problem">
            {message}
          </p>
        )}
        <button type="submit" className="alert-submit" disabled={busy} data-testid="alert-submit">
          {t('alerts.set')}
        </button>
      </form>
      <h3 className="alert-list-title">{t('alerts.mine', { pair: symbol })}</h3>
      {mine.length === 0 ? (
        <p className="alert-empty">{t('alerts.none')}</p>
      ) : (
        <ul className="alert-list" data-testid="alert-list">
          {mine.map((alert) => (
            <li
              key={alert.id}
              data-testid="alert-row"
              data-status={alert.status === ALERT_WAITING ? 'waiting' : 'fired'}
              data-kind={alert.direction === ALERT_MOVES ? 'moves' : 'price'}
            >
              <span>{alertRuleText(alert, priceDecimals, t, numbers)}</span>
              <span className={alert.status === ALERT_WAITING ? 'alert-status' : 'alert-status fired'}>
                {alert.trade
                  ? t('alerts.firedAt', {
                      price: numbers.price(alert.trade.price, priceDecimals),
                      id: alert.trade.id,
                    })
                  : t('alerts.waiting')}
              </span>
              <button
                type="button"
                className="alert-remove"
                disabled={busy}
                aria-label={t('alerts.remove')}
                title={t('alerts.remove')}
                onClick={() => send({ type: 'REMOVE', id: alert.id })}
                data-testid="alert-remove"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * The trade screen's price-alert button: a dialog to set "rises to", "falls to" or "moves by" alerts on the pair
 * and see or remove the pair's alerts. The exchange watches the tape for them (they fire with no page
 * open); a fired one arrives in the notification centre.
 */
export function PriceAlertButton({
  pairId,
  symbol,
  priceDecimals,
}: {
  pairId: number;
  symbol: string;
  priceDecimals: number;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (open && element && !element.open) element.showModal();
  }, [open]);
  return (
    <>
      <button
        type="button"
        className="alert-trigger"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        data-testid="alert-open"
      >
        <svg
          aria-hidden="true"
          width="16"
          height="16"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </svg>
        <span>{t('alerts.button')}</span>
      </button>
      {open && (
        <dialog
          ref={dialog}
          className="alert-dialog"
          aria-labelledby="alert-title"
          onClose={() => setOpen(false)}
          data-testid="alert-dialog"
        >
          <div className="alert-dialog-head">
            <h2 id="alert-title">{t('alerts.title', { pair: symbol })}</h2>
            <button
              type="button"
              className="alert-close"
              aria-label={t('alerts.close')}
              onClick={() => dialog.current?.close()}
            >
              ×
            </button>
          </div>
          <AlertPanel pairId={pairId} symbol={symbol} priceDecimals={priceDecimals} />
        </dialog>
      )}
    </>
  );
}
