import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import {
  closeAtPrice,
  closeLots,
  type CloseAtProblem,
  type LeverAsk,
  type LeverPosition,
  leverPositionsMachine,
} from '../../../machines/lever-positions.machine.ts';
import { useSelector } from '../../use-app-actor.ts';
import { FieldProblem } from '../trade/FieldProblem.tsx';
import { useNumberText } from '../../use-number-text.ts';

const PERCENTS = [25, 50, 75, 100] as const;

/**
 * How much of a position to close (issue 32 item 4): a share of its lots (25 / 50 / 75 / 100 %,
 * rounded down) or a number of lots typed, 1 to all of them; fewer than all close a part,
 * recorded as a closed position of its own. At the market, or at a price: a resting close order
 * (domain/lever/close-order.ts) that closes them on the first trade reaching it; a price on the
 * wrong side of the last trade is refused under the field. The fields keep what was typed; while
 * one is refused the confirm does nothing. A position's resting close order is shown, to cancel.
 */
export function LeverClosePart({
  ask,
  positions,
  row,
  priceDecimals,
  quote,
}: {
  ask: Extract<LeverAsk, { kind: 'close' }>;
  positions: ActorRefFrom<typeof leverPositionsMachine>;
  row: LeverPosition | undefined;
  priceDecimals: number;
  quote: string;
}) {
  const numbers = useNumberText();
  const { t } = useTranslation();
  const terms = useSelector(
    positions,
    (s) => s.context,
    (a, b) => a.decimalComma === b.decimalComma && a.priceDecimals === b.priceDecimals && a.last === b.last,
  );
  const verdict = closeLots(ask, terms.decimalComma);
  const problem = 'problem' in verdict ? verdict.problem : null;
  const atPrice = ask.at === 'price';
  const priced = atPrice && 'lots' in verdict ? closeAtPrice(ask, verdict.lots, terms) : null;
  const priceProblem = priced && 'problem' in priced ? priced.problem : null;
  return (
    <div className="lever-close-part" data-testid="lever-close-part">
      {row?.close_order_share && row.close_order_price ? (
        <p className="lever-close-resting" data-testid="lever-close-resting">
          <span>
            {t('lever.closePart.resting', {
              lots: numbers.exact(row.close_order_share),
              price: numbers.price(row.close_order_price, priceDecimals),
            })}
          </span>
          <button
            type="button"
            className="btn btn-sm"
            data-testid="lever-close-order-cancel"
            onClick={() => positions.send({ type: 'CLOSE_ORDER_CANCEL' })}
          >
            {t('lever.closePart.cancelOrder')}
          </button>
        </p>
      ) : null}
      <div className="lever-multiples" role="radiogroup" aria-label={t('lever.closePart.how')}>
        {(['market', 'price'] as const).map((at) => (
          <button
            key={at}
            type="button"
            role="radio"
            aria-checked={ask.at === at}
            className={ask.at === at ? 'lever-chip active' : 'lever-chip'}
            data-testid={`lever-close-at-${at}`}
            onClick={() => positions.send({ type: 'CLOSE_AT', at })}
          >
            {t(at === 'market' ? 'lever.closePart.atMarket' : 'lever.closePart.atPrice')}
          </button>
        ))}
      </div>
      <div className="lever-multiples" role="group" aria-label={t('lever.closePart.share')}>
        {PERCENTS.map((percent) => (
          <button
            key={percent}
            type="button"
            className="lever-chip"
            data-testid={`lever-close-${percent}`}
            onClick={() => positions.send({ type: 'CLOSE_PERCENT', percent })}
          >
            {numbers.percent(percent)}
          </button>
        ))}
      </div>
      <label className="form-field" htmlFor="lever-close-lots">
        <span className="field-label">{t('lever.closePart.lots', { max: numbers.exact(ask.total) })}</span>
        <input
          id="lever-close-lots"
          inputMode="numeric"
          autoComplete="off"
          value={ask.lots}
          aria-invalid={problem !== null}
          aria-describedby="lever-close-lots-problem"
          data-testid="lever-close-lots"
          onChange={(event) => positions.send({ type: 'CLOSE_LOTS', text: event.target.value })}
        />
      </label>
      {atPrice ? (
        <label className="form-field" htmlFor="lever-close-price">
          <span className="field-label">{t('lever.closePart.price', { quote })}</span>
          <input
            id="lever-close-price"
            inputMode="decimal"
            autoComplete="off"
            value={ask.price}
            aria-invalid={priceProblem !== null && ask.price !== ''}
            aria-describedby="lever-close-price-problem"
            data-testid="lever-close-price"
            onChange={(event) => positions.send({ type: 'CLOSE_PRICE', text: event.target.value })}
          />
        </label>
      ) : null}
      {atPrice && priceProblem && ask.price !== '' ? <ClosePriceProblem problem={priceProblem} /> : null}
      {problem === null && atPrice && priced && 'price' in priced && 'lots' in verdict ? (
        <p className="lever-muted" data-testid="lever-close-summary">
          {t('lever.closePart.somePrice', {
            lots: numbers.exact(verdict.lots),
            total: numbers.exact(ask.total),
            price: numbers.price(priced.price, priceDecimals),
          })}
        </p>
      ) : problem === null && atPrice ? null : problem === null ? (
        <p className="lever-muted" data-testid="lever-close-summary">
          {'lots' in verdict && verdict.lots < ask.total
            ? t('lever.closePart.some', {
                lots: numbers.exact(verdict.lots),
                total: numbers.exact(ask.total),
              })
            : t('lever.ask.closeText')}
        </p>
      ) : problem.kind === 'closeLots' ? (
        <p
          id="lever-close-lots-problem"
          className="field-problem"
          role="alert"
          data-testid="lever-close-lots-problem"
        >
          {t('lever.closePart.range', { max: numbers.exact(problem.max) })}
        </p>
      ) : (
        <FieldProblem id="lever-close-lots-problem" problem={problem} testId="lever-close-lots-problem" />
      )}
    </div>
  );
}

/** Why the close price is refused: not a number, or on the wrong side of the last trade. */
function ClosePriceProblem({ problem }: { problem: CloseAtProblem }) {
  const { t } = useTranslation();
  if (problem.kind === 'closeOrderSide' || problem.kind === 'closePriceRequired')
    return (
      <p
        id="lever-close-price-problem"
        className="field-problem"
        role="alert"
        data-testid="lever-close-price-problem"
      >
        {problem.kind === 'closeOrderSide'
          ? t(`lever.problem.closeOrderSide_${problem.side}`)
          : t('lever.closePart.priceRequired')}
      </p>
    );
  return <FieldProblem id="lever-close-price-problem" problem={problem} testId="lever-close-price-problem" />;
}
