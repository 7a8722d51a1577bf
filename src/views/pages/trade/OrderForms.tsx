import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { NO_VALUE } from '../../../domain/format.ts';
import { feePercentText } from '../../../domain/spot/display.ts';
import {
  LIMIT,
  MARKET,
  OCO,
  STOP_LIMIT,
  type EntryMode,
  type SpotSide,
} from '../../../domain/spot/order-kind.ts';
import { shownOrderTotal } from '../../../domain/spot/order-total.ts';
import { EXECUTION_CHOICES } from '../../../domain/spot/time-in-force.ts';
import {
  effectivePrice,
  farPercent,
  fieldProblems,
  fieldWarnings,
  hasStop,
  quantityOf,
  submittedProblem,
  type ProblemPlace,
  type spotEntryMachine,
} from '../../../machines/spot-entry.machine.ts';
import { traderPrefs } from '../../../machines/trader-prefs.ts';
import { FieldProblem } from './FieldProblem.tsx';
import { RuleProblem } from './RuleProblem.tsx';
import { PercentSlider } from './PercentSlider.tsx';
import { useNumberText } from '../../use-number-text.ts';

type EntryActor = ActorRefFrom<typeof spotEntryMachine>;

interface FormsProps {
  entry: EntryActor;
  base: string;
  quote: string;
  /** The pair's change_fee_rate, a percent; the exchange's own fee when the server states none. */
  feePercent?: string | undefined;
  signedIn: boolean;
  /** Where "log in" leads: the login page, back to this pair afterwards. */
  loginHref: string;
}

/**
 * The buy and sell forms (spec §2): one limit/market switch for both (spec §4), then per side a
 * price, a quantity, the percent slider and the total. Everything the user types goes through the
 * spot-entry machine, which applies the rules; this view only shows its state. Visitors see log-in
 * and register links where the order buttons would be.
 */
export function OrderForms({ entry, base, quote, feePercent, signedIn, loginHref }: FormsProps) {
  const numbers = useNumberText();
  const { t } = useTranslation();
  const mode = useSelector(entry, (snapshot) => snapshot.context.mode);
  const execution = useSelector(entry, (snapshot) => snapshot.context.execution);
  const modes: Array<{ mode: EntryMode; key: string; testId: string }> = [
    { mode: LIMIT, key: 'trade.form.limit', testId: 'mode-limit' },
    { mode: MARKET, key: 'trade.form.market', testId: 'mode-market' },
    { mode: STOP_LIMIT, key: 'trade.form.stopLimit', testId: 'mode-stop' },
    { mode: OCO, key: 'trade.form.oco', testId: 'mode-oco' },
  ];
  return (
    <section className="trade-panel forms" aria-labelledby="forms-title" data-testid="order-forms">
      <header className="panel-head">
        <h2 id="forms-title" className="visually-hidden">
          {t('trade.form.title')}
        </h2>
        <div className="mode-tabs" role="tablist" aria-label={t('trade.form.mode')}>
          {modes.map((option) => (
            <button
              key={option.mode}
              type="button"
              role="tab"
              aria-selected={mode === option.mode}
              className={mode === option.mode ? 'active' : ''}
              onClick={() => entry.send({ type: 'MODE', mode: option.mode })}
              title={option.mode === OCO ? t('trade.form.ocoTitle') : undefined}
              data-testid={option.testId}
            >
              {t(option.key)}
            </button>
          ))}
        </div>
        <span className="forms-fee">
          {t('trade.form.fee', { rate: numbers.exact(feePercent ?? feePercentText()) })}
        </span>
      </header>
      {mode === LIMIT ? (
        // How a limit order meets the book: one choice for both sides, out of the way of the plain case.
        <label className="forms-execution" htmlFor="order-execution">
          <span>{t('trade.form.execution')}</span>
          <select
            id="order-execution"
            value={execution}
            onChange={(event) => {
              const chosen = EXECUTION_CHOICES.find((choice) => choice === event.target.value);
              if (chosen) entry.send({ type: 'EXECUTION', execution: chosen });
            }}
            data-testid="order-execution"
          >
            {EXECUTION_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {t(`trade.form.${choice}`)}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {mode === OCO ? (
        <p className="forms-oco-hint" data-testid="oco-hint">
          {t('trade.form.ocoTitle')}
        </p>
      ) : null}
      <div className="forms-grid">
        {(['buy', 'sell'] as const).map((side) => (
          <OrderForm
            key={side}
            side={side}
            entry={entry}
            base={base}
            quote={quote}
            signedIn={signedIn}
            loginHref={loginHref}
          />
        ))}
      </div>
    </section>
  );
}

function OrderForm({ side, entry, base, quote, signedIn, loginHref }: FormsProps & { side: SpotSide }) {
  const numbers = useNumberText();
  const { t } = useTranslation();
  const mode = useSelector(entry, (snapshot) => snapshot.context.mode);
  const draft = useSelector(entry, (snapshot) => snapshot.context[side]);
  const price = useSelector(entry, (snapshot) => effectivePrice(snapshot.context, side));
  const balance = useSelector(entry, (snapshot) => {
    const balances = snapshot.context.balances;
    return balances === null ? null : side === 'buy' ? balances.quote : balances.base;
  });
  const locked = useSelector(entry, (snapshot) => {
    const balances = snapshot.context.balances;
    return balances === null ? null : side === 'buy' ? balances.quoteLocked : balances.baseLocked;
  });
  const unit = side === 'buy' ? quote : base;
  const submitting = useSelector(entry, (snapshot) => snapshot.matches({ [side]: 'submitting' }));
  const confirming = useSelector(entry, (snapshot) => snapshot.matches({ [side]: 'confirming' }));
  const far = useSelector(entry, (snapshot) => farPercent(snapshot.context, side));
  const problems = useSelector(
    entry,
    (snapshot) => fieldProblems(snapshot.context, side),
    (a, b) =>
      a.stop?.kind === b.stop?.kind &&
      a.stopLimit?.kind === b.stopLimit?.kind &&
      a.price?.kind === b.price?.kind &&
      a.quantity?.kind === b.quantity?.kind,
  );
  // A refused order's problem, beside the field it is about (the toast says it too, and goes).
  const submitted = useSelector(
    entry,
    (snapshot) => submittedProblem(snapshot.context, side),
    (a, b) => a?.place === b?.place && a?.problem.code === b?.problem.code,
  );
  const ruleAt = (place: ProblemPlace) => (submitted?.place === place ? submitted.problem : null);
  const warnings = useSelector(
    entry,
    (snapshot) => fieldWarnings(snapshot.context, side),
    (a, b) =>
      a.price?.verdict === b.price?.verdict &&
      a.price?.low === b.price?.low &&
      a.price?.high === b.price?.high &&
      a.total?.min === b.total?.min,
  );
  const quantity = useSelector(entry, (snapshot) => quantityOf(snapshot.context, side));
  const total = shownOrderTotal(price, quantity, quote, side);
  const market = mode === MARKET;
  const id = (field: string) => `${side}-${field}`;

  const priceFields = (
    <>
      <label className="form-field" htmlFor={id('price')}>
        <span className="field-label">{t('trade.form.price')}</span>
        <input
          id={id('price')}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={market ? '' : draft.price}
          placeholder={market ? (price === '' ? t('trade.form.marketPrice') : numbers.exact(price)) : ''}
          disabled={market}
          aria-invalid={problems.price !== null || ruleAt('price') !== null}
          aria-describedby={
            problems.price || ruleAt('price')
              ? id('price-problem')
              : warnings.price
                ? id('price-warning')
                : undefined
          }
          onChange={(event) => entry.send({ type: 'PRICE', side, text: event.target.value })}
          data-testid={`price-${side}`}
        />
        <span className="field-unit">{quote}</span>
      </label>
      <FieldProblem id={id('price-problem')} problem={problems.price} testId={`price-problem-${side}`} />
      <RuleProblem id={id('price-problem')} problem={ruleAt('price')} testId={`price-problem-${side}`} />
      {warnings.price && !market ? (
        <p
          id={id('price-warning')}
          className="field-warning"
          role="status"
          data-testid={`price-warning-${side}`}
        >
          {t(warnings.price.verdict === 'below' ? 'trade.filters.priceBelow' : 'trade.filters.priceAbove', {
            low: numbers.exact(warnings.price.low),
            high: numbers.exact(warnings.price.high),
            quote,
          })}
        </p>
      ) : null}
    </>
  );

  return (
    <form
      className={`order-form form-${side}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        entry.send({ type: 'SUBMIT', side, skipConfirm: traderPrefs.get().skipConfirm });
      }}
      data-testid={`form-${side}`}
    >
      <div className="form-available">
        <span>{t('trade.form.available')}</span>
        <span className="num" data-testid={`available-${side}`}>
          {`${signedIn && balance !== null ? numbers.amount(balance, unit) : NO_VALUE} ${unit}`}
        </span>
      </div>
      <div className="form-available form-locked">
        {/* The trade account's lock holds open orders and pending withdrawals alike: the label says both. */}
        <span title={t('trade.form.lockedHint')}>
          {t('trade.form.locked')}
          <span className="visually-hidden"> ({t('trade.form.lockedHint')})</span>
        </span>
        <span className="num" data-testid={`locked-${side}`}>
          {`${signedIn && locked !== null ? numbers.amount(locked, unit) : NO_VALUE} ${unit}`}
        </span>
      </div>
      {/* An OCO starts with its limit leg's price, as Binance's form does; a stop-limit with its stop. */}
      {mode === OCO ? priceFields : null}
      {hasStop(mode) ? (
        <>
          <label className="form-field" htmlFor={id('stop')}>
            <span className="field-label">{t('trade.form.stop')}</span>
            <input
              id={id('stop')}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              value={draft.stop}
              aria-invalid={problems.stop !== null || ruleAt('stop') !== null}
              aria-describedby={problems.stop || ruleAt('stop') ? id('stop-problem') : undefined}
              onChange={(event) => entry.send({ type: 'STOP', side, text: event.target.value })}
              data-testid={`stop-${side}`}
            />
            <span className="field-unit">{quote}</span>
          </label>
          <FieldProblem id={id('stop-problem')} problem={problems.stop} testId={`stop-problem-${side}`} />
          <RuleProblem id={id('stop-problem')} problem={ruleAt('stop')} testId={`stop-problem-${side}`} />
        </>
      ) : null}
      {mode === OCO ? (
        <>
          <label className="form-field" htmlFor={id('stop-limit')}>
            <span className="field-label">{t('trade.form.stopLimitPrice')}</span>
            <input
              id={id('stop-limit')}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              value={draft.stopLimit}
              aria-invalid={problems.stopLimit !== null || ruleAt('stopLimit') !== null}
              aria-describedby={
                problems.stopLimit || ruleAt('stopLimit') ? id('stop-limit-problem') : undefined
              }
              onChange={(event) => entry.send({ type: 'STOP_LIMIT_PRICE', side, text: event.target.value })}
              data-testid={`stop-limit-${side}`}
            />
            <span className="field-unit">{quote}</span>
          </label>
          <FieldProblem
            id={id('stop-limit-problem')}
            problem={problems.stopLimit}
            testId={`stop-limit-problem-${side}`}
          />
          <RuleProblem
            id={id('stop-limit-problem')}
            problem={ruleAt('stopLimit')}
            testId={`stop-limit-problem-${side}`}
          />
        </>
      ) : null}
      {mode === OCO ? null : priceFields}
      <label className="form-field" htmlFor={id('quantity')}>
        <span className="field-label">{t('trade.form.quantity')}</span>
        <input
          id={id('quantity')}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={draft.quantity}
          aria-invalid={problems.quantity !== null || ruleAt('quantity') !== null}
          aria-describedby={problems.quantity || ruleAt('quantity') ? id('quantity-problem') : undefined}
          onChange={(event) => entry.send({ type: 'QUANTITY', side, text: event.target.value })}
          data-testid={`quantity-${side}`}
        />
        <span className="field-unit">{base}</span>
      </label>
      <FieldProblem
        id={id('quantity-problem')}
        problem={problems.quantity}
        testId={`quantity-problem-${side}`}
      />
      <RuleProblem
        id={id('quantity-problem')}
        problem={ruleAt('quantity')}
        testId={`quantity-problem-${side}`}
      />
      <PercentSlider
        value={draft.percent}
        side={side}
        onChange={(percent) => entry.send({ type: 'PERCENT', side, percent })}
      />
      <div className="form-total">
        <span>{t(market ? 'trade.form.totalEstimate' : 'trade.form.total')}</span>
        <span className="num" data-testid={`total-${side}`}>
          {total === '' ? NO_VALUE : `${numbers.exact(total)} ${quote}`}
        </span>
      </div>
      {warnings.total ? (
        <p className="field-warning" role="status" data-testid={`total-warning-${side}`}>
          {t('trade.filters.minTotal', { min: numbers.exact(warnings.total.min), quote })}
        </p>
      ) : null}
      {confirming ? (
        <div
          className="far-confirm"
          role="alertdialog"
          aria-labelledby={id('far-title')}
          data-testid={`far-confirm-${side}`}
        >
          <p id={id('far-title')}>
            {t(side === 'buy' ? 'trade.far.above' : 'trade.far.below', {
              percent: numbers.exact(far),
              price: numbers.exact(price),
              quote,
            })}
          </p>
          <div className="far-actions">
            <button
              type="button"
              className="btn"
              onClick={() => entry.send({ type: 'DISMISS', side })}
              data-testid={`far-back-${side}`}
            >
              {t('trade.far.back')}
            </button>
            <button
              type="button"
              className={`btn form-submit submit-${side}`}
              onClick={() => entry.send({ type: 'CONFIRM', side })}
              data-testid={`far-place-${side}`}
            >
              {t('trade.far.place')}
            </button>
          </div>
        </div>
      ) : null}
      <RuleProblem id={id('form-problem')} problem={ruleAt('form')} testId={`form-problem-${side}`} />
      {signedIn ? (
        <button
          type="submit"
          className={`btn form-submit submit-${side}`}
          disabled={submitting || confirming}
          data-testid={`submit-${side}`}
        >
          {t(side === 'buy' ? 'trade.form.buy' : 'trade.form.sell', { code: base })}
        </button>
      ) : (
        <p className="form-auth" data-testid={`auth-${side}`}>
          <Link to={loginHref} className="btn btn-primary">
            {t('trade.form.login')}
          </Link>
          <span>{t('trade.form.or')}</span>
          <Link to="/register" className="btn">
            {t('trade.form.register')}
          </Link>
        </p>
      )}
    </form>
  );
}
