import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { MicroOrder } from '../../../streams/micro-pushes.ts';
import { resolveLanguage, tagOf } from '../../../domain/languages.ts';
import { tradeHref } from '../../components/links.ts';
import { useTimeZone } from '../../components/use-time-zone.ts';
import { clockText } from './micro-text.ts';
import { useNumberText } from '../../use-number-text.ts';

type TapeTrade = MicroOrder['open_trade'];

/** A tape trade's time as ms; null when a server sent it as a date text (no zone to read it in). */
function tapeMs(time: TapeTrade['time']): number | null {
  return typeof time === 'number' && Number.isFinite(time) ? time : null;
}

/**
 * The trade screen with a settled contract's two trades marked and the closing one in view
 * (TradePage: ?from= the opening trade's time, ?at= the closing trade's).
 */
export function proofHref(symbol: string, open: TapeTrade, end: TapeTrade): string {
  const from = tapeMs(open.time);
  const at = tapeMs(end.time);
  return `${tradeHref(symbol)}${from === null ? '' : `&from=${from}`}${at === null ? '' : `&at=${at}`}`;
}

/**
 * A closed contract's proof: the public tape's trade it opened on and the one it closed
 * on (id, time, price), and a link to the trade screen at those moments, so anyone can check the
 * outcome against the candles and the tape.
 */
export function MicroProof({ order, end }: { order: MicroOrder; end: TapeTrade }) {
  const numbers = useNumberText();
  const { t, i18n } = useTranslation();
  const { zone } = useTimeZone();
  const tag = tagOf(resolveLanguage(i18n.language));
  const trade = (proof: TapeTrade) =>
    t('micro.trade', {
      id: proof.id,
      time: typeof proof.time === 'number' ? clockText(proof.time, tag, zone) : proof.time,
      price: numbers.exact(proof.price),
    });
  return (
    <details className="micro-proof" data-testid="micro-proof">
      <summary>{t('micro.proof')}</summary>
      <p className="num">
        {t('micro.openTrade')}: {trade(order.open_trade)}
      </p>
      <p className="num">
        {t('micro.endTrade')}: {trade(end)}
      </p>
      <Link
        to={proofHref(order.symbol_name, order.open_trade, end)}
        className="micro-check"
        data-testid="micro-check"
      >
        {t('micro.check')}
      </Link>
    </details>
  );
}
