import type { ActorRefFrom } from 'xstate';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  leverLiveQuotes,
  leverPriceWarning,
  orderStopCheck,
  type OrderStopLeg,
  type StopWay,
  type LeverField,
  type LeverOrderContext,
  type LeverProblem,
  leverOrderMachine,
} from '../../../machines/lever-order.machine.ts';
import { useSelector } from '../../use-app-actor.ts';
import { FieldProblem } from '../trade/FieldProblem.tsx';
import { LeverDialog } from './LeverDialog.tsx';
import { LeverProblemText } from './LeverProblemText.tsx';
import { useNumberText } from '../../use-number-text.ts';
import { LeverRiskTable } from './LeverRiskTable.tsx';
import { unitsPlainText } from '../../../domain/money.ts';

type FormRef = ActorRefFrom<typeof leverOrderMachine>;

const NUMBER_KINDS = new Set(['notNumber', 'tooManyDecimals', 'tooLarge']);

/** The number-entry problem of a field (shown by FieldProblem), if that is what it has. */
export function numberProblem(problem: LeverProblem | undefined) {
  return problem && NUMBER_KINDS.has(problem.kind)
    ? (problem as Parameters<typeof FieldProblem>[0]['problem'])
    : null;
}

function Problem({ field, problem }: { field: string; problem: LeverProblem | undefined }) {
  const id = `lever-${field}-problem`;
  const entry = numberProblem(problem);
  if (entry) return <FieldProblem id={id} problem={entry} testId={id} />;
  if (!problem) return null;
  return (
    <p id={id} className="field-problem" role="alert" data-testid={id}>
      <LeverProblemText field={field} problem={problem} />
    </p>
  );
}

/**
 * The lever order form (spec §2 Lever): market or fixed price, lots with the pair's bounds, the
 * multiple, optional take-profit and stop-loss, what a long and a short would cost and risk
 * (LeverRiskTable), and the long and short buttons with their confirm dialog. It renders the form machine and sends it
 * what the user typed; every number shown comes from the machine.
 */
export function LeverForm({
  form,
  base,
  quote,
  symbol,
}: {
  form: FormRef;
  base: string;
  quote: string;
  symbol: string;
}) {
  const numbers = useNumberText();
  const { t } = useTranslation();
  const snapshot = useSelector(form, (s) => s);
  const context: LeverOrderContext = snapshot.context;
  const terms = context.terms;
  if (snapshot.matches('loading')) return <section className="trade-panel lever-form" aria-busy="true" />;
  if (snapshot.matches('failed') || !terms)
    return (
      <section className="trade-panel lever-form">
        <p className="lever-muted">{t('lever.termsFailed')}</p>
      </section>
    );
  const quotes = leverLiveQuotes(context);
  const priceWarning = leverPriceWarning(context);
  const busy = !snapshot.matches('editing') && !snapshot.matches('refreshing');
  const field = (
    name: LeverField,
    label: string,
    value: string,
    unit: string,
    send: (text: string) => void,
  ) => (
    <>
      <label className="form-field" htmlFor={`lever-${name}`}>
        <span className="field-label">{label}</span>
        <input
          id={`lever-${name}`}
          inputMode={name === 'lots' ? 'numeric' : 'decimal'}
          autoComplete="off"
          value={value}
          aria-invalid={context.problems[name] !== undefined}
          aria-describedby={`lever-${name}-problem`}
          data-testid={`lever-${name}`}
          onChange={(event) => send(event.target.value)}
        />
        <span className="field-unit">{unit}</span>
      </label>
      <Problem field={name} problem={context.problems[name]} />
    </>
  );
  const pending = context.pending;
  return (
    <section className="trade-panel lever-form" aria-labelledby="lever-form-title" data-testid="lever-form">
      <div className="panel-head">
        <h2 id="lever-form-title">{t('lever.formTitle')}</h2>
        <Link to="/assets/transfer" className="lever-fund">
          {t('lever.fund')}
        </Link>
      </div>
      <div className="lever-form-body">
        <div className="mode-tabs" role="tablist" aria-label={t('lever.mode')}>
          {(['market', 'fixed'] as const).map((mode) => (
            <button
              key={mode}
              type="button"
              role="tab"
              aria-selected={context.mode === mode}
              className={context.mode === mode ? 'active' : ''}
              disabled={mode === 'fixed' && context.reduceOnly}
              data-testid={`lever-mode-${mode}`}
              onClick={() => form.send({ type: 'MODE', mode })}
            >
              {t(`lever.${mode}`)}
            </button>
          ))}
        </div>
        <label className="lever-reduce-only">
          <input
            type="checkbox"
            checked={context.reduceOnly}
            aria-describedby="lever-reduce-only-hint"
            data-testid="lever-reduce-only"
            onChange={(event) => form.send({ type: 'REDUCE_ONLY', on: event.target.checked })}
          />
          <span>{t('lever.reduceOnly')}</span>
        </label>
        {context.reduceOnly ? (
          <p id="lever-reduce-only-hint" className="lever-muted" data-testid="lever-reduce-only-hint">
            {t('lever.reduceOnlyHint')}
          </p>
        ) : null}
        <p className="lever-balance">
          <span>{t('lever.available')}</span>
          <span className="num" data-testid="lever-available">
            {numbers.amount(terms.balance, quote)} {quote}
          </span>
        </p>
        {context.mode === 'fixed' ? (
          <>
            {field('price', t('lever.price'), context.price, quote, (text) =>
              form.send({ type: 'PRICE', text }),
            )}
            {priceWarning && !context.problems.price ? (
              <p className="field-warning" role="status" data-testid="lever-price-warning">
                {t('lever.priceBand', {
                  band: terms.priceBandPercent,
                  low: numbers.exact(priceWarning.low),
                  high: numbers.exact(priceWarning.high),
                  quote,
                })}
              </p>
            ) : null}
          </>
        ) : null}
        {field(
          'lots',
          t('lever.lots', { min: numbers.exact(terms.minShare), max: numbers.exact(terms.maxShare) }),
          context.lots,
          t('lever.lotUnit', { size: numbers.exact(terms.shareNum.replace(/\.?0+$/, '')), base }),
          (text) => form.send({ type: 'LOTS', text }),
        )}
        <div className="lever-multiples" role="radiogroup" aria-label={t('lever.multiple')}>
          <span className="field-label">{t('lever.multiple')}</span>
          {terms.multiples.map((multiple) => (
            <button
              key={multiple}
              type="button"
              role="radio"
              aria-checked={context.multiple === multiple}
              className={context.multiple === multiple ? 'lever-chip active' : 'lever-chip'}
              data-testid={`lever-multiple-${multiple}`}
              onClick={() => form.send({ type: 'MULTIPLE', multiple })}
            >
              ×{multiple}
            </button>
          ))}
        </div>
        <Problem field="multiple" problem={context.problems.multiple} />
        {context.reduceOnly ? null : (
          <div className="lever-stops">
            {(['tp', 'sl'] as const).map((leg) => {
              const by = leg === 'tp' ? context.tpBy : context.slBy;
              const title = t(leg === 'tp' ? 'lever.takeProfit' : 'lever.stopLoss');
              return (
                <div key={leg} className="lever-order-stop" data-testid={`lever-${leg}-leg`}>
                  <select
                    className="lever-stop-by"
                    aria-label={t('lever.stopByLabel', { leg: title })}
                    value={by}
                    data-testid={`lever-${leg}-by`}
                    onChange={(event) =>
                      form.send({ type: 'STOP_BY', leg, by: event.target.value as StopWay })
                    }
                  >
                    <option value="price">{t('lever.stopBy.price')}</option>
                    <option value="percent">{t('lever.stopBy.percent')}</option>
                    <option value="amount">
                      {t(leg === 'tp' ? 'lever.stopBy.profit' : 'lever.stopBy.loss')}
                    </option>
                  </select>
                  {field(
                    leg,
                    title,
                    leg === 'tp' ? context.tp : context.sl,
                    by === 'percent' ? '%' : quote,
                    (text) => form.send(leg === 'tp' ? { type: 'TP', text } : { type: 'SL', text }),
                  )}
                  <OrderStopFigures context={context} leg={leg} quote={quote} />
                </div>
              );
            })}
          </div>
        )}
        {context.reduceOnly ? null : (
          <LeverRiskTable
            quotes={quotes}
            quote={quote}
            priceDecimals={terms.priceDecimals}
            market={context.mode === 'market'}
            last={context.last}
          />
        )}
        {/* The exchange refused the last order: its words, until something is changed. */}
        {context.refusal !== null ? (
          <p className="field-problem" role="alert" data-testid="lever-refusal">
            {context.refusal}
          </p>
        ) : null}
        <div className="lever-buttons">
          <button
            type="button"
            className="btn lever-long"
            disabled={busy}
            data-testid="lever-long"
            onClick={() => form.send({ type: 'SUBMIT', side: 'long' })}
          >
            {t('lever.long')}
          </button>
          <button
            type="button"
            className="btn lever-short"
            disabled={busy}
            data-testid="lever-short"
            onClick={() => form.send({ type: 'SUBMIT', side: 'short' })}
          >
            {t('lever.short')}
          </button>
        </div>
      </div>
      {pending ? (
        <LeverDialog labelledBy="lever-confirm-title" testId="lever-confirm-dialog">
          <h3 id="lever-confirm-title">
            {t(pending.side === 'long' ? 'lever.confirmLong' : 'lever.confirmShort', { symbol })}
          </h3>
          {pending.reduceOnly ? (
            <p className="lever-muted" data-testid="lever-confirm-reduce">
              {t(pending.side === 'long' ? 'lever.reducesShorts' : 'lever.reducesLongs', {
                lots: numbers.exact(pending.lots),
              })}
            </p>
          ) : null}
          <dl className="lever-quote">
            <dt>{t('lever.priceMode')}</dt>
            <dd>{t(`lever.${pending.mode}`)}</dd>
            <dt>{t('lever.entryPrice')}</dt>
            <dd className="num">
              {numbers.exact(pending.quote.price)} {quote}
            </dd>
            <dt>{t('lever.lotsShort')}</dt>
            <dd className="num">
              {numbers.exact(pending.lots)} ({numbers.exact(pending.quote.quantity)} {base})
            </dd>
            {pending.reduceOnly ? null : (
              <>
                <dt>{t('lever.multiple')}</dt>
                <dd className="num">×{pending.multiple}</dd>
                <dt>{t('lever.bond')}</dt>
                <dd className="num" data-testid="lever-confirm-bond">
                  {numbers.cost(pending.quote.bond, quote)} {quote}
                </dd>
                <dt>{t('lever.fee')}</dt>
                <dd className="num">
                  {numbers.cost(pending.quote.fee, quote)} {quote}
                </dd>
                <dt>{t('lever.takeProfit')}</dt>
                <dd className="num" data-testid="lever-confirm-tp">
                  {pending.tp
                    ? `${numbers.price(pending.tp, terms.priceDecimals)} (${t('lever.stopBy.profit')} ${numbers.amount(pending.tpExpected, quote)} ${quote})`
                    : '—'}
                </dd>
                <dt>{t('lever.stopLoss')}</dt>
                <dd className="num" data-testid="lever-confirm-sl">
                  {pending.sl
                    ? `${numbers.price(pending.sl, terms.priceDecimals)} (${t('lever.stopBy.loss')} ${numbers.amount(pending.slExpected, quote)} ${quote})`
                    : '—'}
                </dd>
              </>
            )}
          </dl>
          <label className="form-field" htmlFor="lever-password">
            <span className="field-label">{t('lever.password')}</span>
            <input
              id="lever-password"
              type="password"
              autoComplete="off"
              value={context.password}
              data-testid="lever-password"
              onChange={(event) => form.send({ type: 'PASSWORD', text: event.target.value })}
            />
          </label>
          <div className="lever-buttons">
            <button type="button" className="btn" onClick={() => form.send({ type: 'CANCEL' })}>
              {t('lever.back')}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              data-testid="lever-confirm"
              disabled={!snapshot.matches('confirming')}
              onClick={() => form.send({ type: 'CONFIRM' })}
            >
              {t('lever.confirm')}
            </button>
          </div>
        </LeverDialog>
      ) : null}
    </section>
  );
}

/**
 * A take-profit or stop-loss leg of the order said the two other ways, for a long and for a short
 * (the side is chosen by the button): its price, its % from the entry and the PnL when it fires, at
 * the entry the order would get now. A side the leg is on the wrong side for shows a dash; pressing
 * that side's button says why.
 */
function OrderStopFigures({
  context,
  leg,
  quote,
}: {
  context: LeverOrderContext;
  leg: OrderStopLeg;
  quote: string;
}) {
  const numbers = useNumberText();
  const { t } = useTranslation();
  const decimals = context.terms?.priceDecimals ?? 4;
  const lines = (['long', 'short'] as const).map((side) => ({
    side,
    check: orderStopCheck(context, leg, side),
  }));
  if (lines.every((line) => line.check === null)) return null;
  return (
    <ul className="lever-order-stop-figures" data-testid={`lever-${leg}-figures`}>
      {lines.map(({ side, check }) => (
        <li key={side} data-testid={`lever-${leg}-figures-${side}`}>
          <span className={`lever-side ${side}`}>{t(`lever.${side}`)}</span>{' '}
          {check && check.onSide ? (
            <span className="num">
              {numbers.price(unitsPlainText(check.figures.price), decimals)} {quote} ·{' '}
              {numbers.percent(unitsPlainText(check.figures.percent))} ·{' '}
              {t(leg === 'tp' ? 'lever.stopBy.profit' : 'lever.stopBy.loss')}{' '}
              {numbers.amount(unitsPlainText(check.figures.expected), quote)} {quote}
            </span>
          ) : (
            <>
              <span aria-hidden="true">—</span>
              <span className="visually-hidden">{t('lever.stopWrongSide')}</span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
