import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { LEVER_TYPE_LONG } from '../../../domain/contract-codes.ts';
import { leverCloseProof } from '../../../domain/lever/close-proof.ts';
import { LIQUIDATION_RATE_PERCENT } from '../../../domain/lever/rules.ts';
import { unitsText } from '../../../domain/money.ts';
import { dateTimeText } from '../../../domain/time-zone.ts';
import type { leverCloseProofMachine } from '../../../machines/lever-close-proof.machine.ts';
import type { LeverPosition } from '../../../machines/lever-positions.machine.ts';
import { tradeHref } from '../../components/links.ts';
import { useTimeZone, useZoneLabel } from '../../components/use-time-zone.ts';
import { useSelector } from '../../use-app-actor.ts';
import { useNumberText } from '../../use-number-text.ts';
import { LeverDialog } from './LeverDialog.tsx';
import './lever-proof.css';

type ProofRef = ActorRefFrom<typeof leverCloseProofMachine>;
type TapeTrade = NonNullable<LeverPosition['close_trade']>;

/** A price as sent, without the trailing zeros of its 8 places ("89684.39000000" -> "89684.39"). */
export function plainPrice(text: string): string {
  if (!text.includes('.')) return text;
  return text.replace(/\.?0+$/, '') || '0';
}

/** A tape trade's time as ms; null when a server sent it as a date text. */
function tapeMs(time: TapeTrade['time']): number | null {
  return typeof time === 'number' && Number.isFinite(time) ? time : null;
}

/**
 * The trade screen with the position's span marked and its closing trade in view and marked at its
 * price (TradePage: ?from= the opening trade's time, ?at= the closing trade's, ?price= its price), so
 * it can be checked on the candles and the tape.
 */
export function closeProofHref(symbol: string, open: TapeTrade | null, close: TapeTrade): string {
  const from = open ? tapeMs(open.time) : null;
  const at = tapeMs(close.time);
  if (at === null) return tradeHref(symbol);
  return `${tradeHref(symbol)}${from === null ? '' : `&from=${from}`}&at=${at}&price=${encodeURIComponent(plainPrice(close.price))}`;
}

/**
 * Why a lever position closed (issue 32 item 6): the trade of the public tape that closed it (id,
 * time, price), the rule applied and, for a take-profit or stop-loss, the comparison that fired it,
 * the PnL worked out from that trade's price and whether it is the one recorded, and a link to the
 * chart at that moment. Everything a person needs to check the settlement by hand is on screen.
 */
export function LeverCloseProof({
  proof,
  onCard,
}: {
  proof: ProofRef;
  onCard: (row: LeverPosition) => void;
}) {
  const row = useSelector(proof, (s) => s.context.position);
  const numbers = useNumberText();
  const { t } = useTranslation();
  const { zone } = useTimeZone();
  const zoneLabel = useZoneLabel(zone);
  if (!row || !row.close_trade) return null;
  const trade = row.close_trade;
  const long = row.type === LEVER_TYPE_LONG;
  const symbol = row.currency_match?.symbol ?? row.symbol;
  const quote = symbol.split('/')[1] ?? '';
  const facts = leverCloseProof({
    side: long ? 'long' : 'short',
    reason: row.close_reason,
    entry: row.price,
    quantity: row.number,
    takeProfit: row.target_profit_price,
    stopLoss: row.stop_loss_price,
    tradePrice: trade.price,
    profits: row.profits,
  });
  const ms = tapeMs(trade.time);
  const time = ms === null ? String(trade.time) : `${dateTimeText(ms, zone)} ${zoneLabel}`;
  const price = numbers.exact(plainPrice(trade.price));
  const entry = numbers.exact(plainPrice(row.price));
  const pnlText = facts ? numbers.amount(unitsText(facts.pnl), quote) : '—';
  const quantity = numbers.exact(plainPrice(row.number));
  // The PnL's arithmetic, in the notation of every language: the price move times the quantity.
  const formula = `(${long ? `${price} − ${entry}` : `${entry} − ${price}`}) × ${quantity} = ${pnlText} ${quote}`;
  const rule = facts?.rule ?? 'manual';
  const ruleText =
    facts && facts.trigger !== null
      ? t(`lever.proof.stop.${facts.trigger.fires}`, {
          rule: t(`lever.reason.${row.close_reason}`),
          price: numbers.exact(plainPrice(facts.trigger.price)),
        })
      : rule === 'liquidation'
        ? t('lever.proof.liquidation', { rate: String(LIQUIDATION_RATE_PERCENT) })
        : t('lever.proof.manual');
  return (
    <LeverDialog
      labelledBy="lever-proof-title"
      testId="lever-proof-dialog"
      onEscape={() => proof.send({ type: 'HIDE' })}
    >
      <h3 id="lever-proof-title">{t('lever.proof.title', { id: row.id })}</h3>
      <p className="lever-proof-lead">
        <span className="lever-symbol">{symbol}</span>{' '}
        <span className={long ? 'lever-side long' : 'lever-side short'}>
          {t(long ? 'lever.long' : 'lever.short')} ×{row.multiple}
        </span>
      </p>
      <dl className="lever-proof">
        <dt>{t('lever.proof.rule')}</dt>
        <dd data-testid="lever-proof-rule" data-rule={rule}>
          <strong className="lever-reason">{t(`lever.reason.${row.close_reason}`)}</strong>
          <span className="lever-proof-text">{ruleText}</span>
        </dd>
        <dt>{t('lever.proof.trade')}</dt>
        <dd className="num">
          <span className="lever-line" data-testid="lever-proof-trade-id">
            {t('lever.proof.tradeId', { id: trade.id })}
          </span>
          <span className="lever-line" data-testid="lever-proof-trade-time">
            {time}
          </span>
          <span className="lever-line" data-testid="lever-proof-trade-price">
            {t('lever.proof.tradePrice', { price })}
          </span>
        </dd>
        {facts?.trigger ? (
          <>
            <dt>{t('lever.proof.check')}</dt>
            <dd className="num" data-testid="lever-proof-fired" data-fired={String(facts.fired)}>
              {price} {facts.trigger.fires === 'atOrAbove' ? '≥' : '≤'}{' '}
              {numbers.exact(plainPrice(facts.trigger.price))}{' '}
              {facts.fired ? `✓ ${t('lever.proof.fired')}` : `✗ ${t('lever.proof.notFired')}`}
            </dd>
          </>
        ) : null}
        <dt>{t('lever.proof.pnl')}</dt>
        <dd className="num">
          <span className="lever-line" data-testid="lever-proof-formula">
            {formula}
          </span>
          <span
            className={`lever-line ${facts?.agrees ? 'lever-proof-ok' : 'lever-proof-bad'}`}
            data-testid="lever-proof-agrees"
            data-agrees={String(facts?.agrees ?? false)}
          >
            {facts?.agrees
              ? `✓ ${t('lever.proof.agrees')}`
              : `✗ ${t('lever.proof.differs', { pnl: numbers.amount(row.profits, quote) })}`}
          </span>
        </dd>
      </dl>
      <Link
        to={closeProofHref(symbol, row.open_trade, trade)}
        className="lever-proof-link"
        data-testid="lever-proof-chart"
      >
        {t('lever.proof.chart')}
      </Link>
      <div className="lever-buttons">
        <button
          type="button"
          className="btn"
          data-testid="lever-proof-back"
          onClick={() => proof.send({ type: 'HIDE' })}
        >
          {t('lever.back')}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          data-testid="lever-proof-card"
          onClick={() => onCard(row)}
        >
          {t('pnlCard.open')}
        </button>
      </div>
    </LeverDialog>
  );
}
