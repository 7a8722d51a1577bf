import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { formatAmount } from '../../../domain/format.ts';
import {
  leverTpSlMachine,
  type StopField,
  type StopLeg,
  type StopLegDraft,
} from '../../../machines/lever-tp-sl.machine.ts';
import { useSelector } from '../../use-app-actor.ts';
import { FieldProblem } from '../trade/FieldProblem.tsx';
import { numberProblem } from './LeverForm.tsx';
import { LeverDialog } from './LeverDialog.tsx';
import { LeverProblemText } from './LeverProblemText.tsx';
import { useNumberText } from '../../use-number-text.ts';

type TpSlRef = ActorRefFrom<typeof leverTpSlMachine>;

const FIELDS: readonly StopField[] = ['price', 'percent', 'amount'];

/** An exact decimal without trailing zeros ("0.02000000" -> "0.02"), so the product reads by hand. */
function trimmed(text: string): string {
  const cut = formatAmount(text, 8);
  return cut.includes('.') ? cut.replace(/0+$/, '').replace(/\.$/, '') : cut;
}

/**
 * The take-profit / stop-loss dialog (spec §5): each leg by price, by % from the
 * entry or by expected profit / loss; whichever the user types in keeps exactly what was typed and
 * the other two follow it (lever-tp-sl.machine.ts). Under each leg, live: expected profit/loss =
 * price difference x quantity, with the numbers, so it can be checked by hand.
 */
export function LeverTpSlDialog({
  tpSl,
  priceDecimals,
  base,
  quote,
}: {
  tpSl: TpSlRef;
  priceDecimals: number;
  base: string;
  quote: string;
}) {
  const numbers = useNumberText();
  const { t } = useTranslation();
  const snapshot = useSelector(tpSl, (s) => s);
  const { position, side, tp, sl, moved } = snapshot.context;
  const editing = snapshot.matches('editing');
  return (
    <LeverDialog labelledBy="lever-stop-title" testId="lever-stop-dialog">
      <h3 id="lever-stop-title">{t('lever.stopTitle', { symbol: position.symbol })}</h3>
      <p className="lever-muted">
        {t(side === 'long' ? 'lever.long' : 'lever.short')} · {t('lever.entryPrice')}{' '}
        <span className="num" data-testid="lever-stop-entry">
          {numbers.price(position.price, priceDecimals)}
        </span>{' '}
        · <span className="num">{numbers.exact(trimmed(position.number))}</span> {base}
      </p>
      {moved ? (
        // Opened by a line dragged on the chart: nothing changed yet, Save is the confirmation.
        <p className="lever-stop-moved" data-testid="lever-stop-moved">
          {t(moved === 'tp' ? 'lever.stopMovedTp' : 'lever.stopMovedSl')}
        </p>
      ) : null}
      {(['tp', 'sl'] as const).map((leg) => (
        <StopLegFields
          key={leg}
          leg={leg}
          draft={leg === 'tp' ? tp : sl}
          entry={position.price}
          quantity={position.number}
          long={side === 'long'}
          priceDecimals={priceDecimals}
          quote={quote}
          disabled={!editing}
          onEdit={(field, text) => tpSl.send({ type: 'EDIT', leg, field, text })}
        />
      ))}
      <p className="lever-muted">{t('lever.stopSyncHint')}</p>
      <div className="lever-buttons">
        <button
          type="button"
          className="btn"
          data-testid="lever-stop-back"
          onClick={() => tpSl.send({ type: 'DISMISS' })}
          disabled={!editing}
        >
          {t('lever.back')}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          data-testid="lever-stop-save"
          disabled={!editing}
          onClick={() => tpSl.send({ type: 'SAVE' })}
        >
          {t('lever.save')}
        </button>
      </div>
    </LeverDialog>
  );
}

function StopLegFields({
  leg,
  draft,
  entry,
  quantity,
  long,
  priceDecimals,
  quote,
  disabled,
  onEdit,
}: {
  leg: StopLeg;
  draft: StopLegDraft;
  entry: string;
  quantity: string;
  long: boolean;
  priceDecimals: number;
  quote: string;
  disabled: boolean;
  onEdit: (field: StopField, text: string) => void;
}) {
  const numbers = useNumberText();
  const { t } = useTranslation();
  const problemId = `lever-stop-${leg}-problem`;
  const entryProblem = draft.problem ? numberProblem(draft.problem) : null;
  const labels: Record<StopField, string> = {
    price: t('lever.stopBy.price'),
    percent: t('lever.stopBy.percent'),
    amount: t(leg === 'tp' ? 'lever.stopBy.profit' : 'lever.stopBy.loss'),
  };
  const units: Record<StopField, string> = { price: quote, percent: '%', amount: quote };
  // The leg's price lies above the entry for a long's take-profit and a short's stop-loss.
  const above = long === (leg === 'tp');
  return (
    <fieldset className="lever-stop-leg" data-testid={`lever-stop-leg-${leg}`}>
      <legend>{t(leg === 'tp' ? 'lever.takeProfit' : 'lever.stopLoss')}</legend>
      <div className="lever-stop-fields">
        {FIELDS.map((field) => (
          <label key={field} className="lever-stop-field" htmlFor={`lever-stop-${leg}-${field}`}>
            <span className="lever-stop-label">{labels[field]}</span>
            <span className="lever-stop-input">
              <input
                id={`lever-stop-${leg}-${field}`}
                inputMode="decimal"
                autoComplete="off"
                value={draft.texts[field]}
                disabled={disabled}
                aria-invalid={draft.problem !== null && draft.source === field}
                aria-describedby={problemId}
                data-testid={field === 'price' ? `lever-stop-${leg}` : `lever-stop-${leg}-${field}`}
                onChange={(event) => onEdit(field, event.target.value)}
              />
              <span className="lever-stop-unit" aria-hidden="true">
                {units[field]}
              </span>
            </span>
          </label>
        ))}
      </div>
      {entryProblem ? <FieldProblem id={problemId} problem={entryProblem} testId={problemId} /> : null}
      {draft.problem && !entryProblem ? (
        <p id={problemId} className="field-problem" role="alert" data-testid={problemId}>
          <LeverProblemText field={leg} problem={draft.problem} />
        </p>
      ) : null}
      {draft.price !== '' ? (
        <p className="lever-stop-expected num" data-testid={`lever-stop-${leg}-expected`}>
          {t(leg === 'tp' ? 'lever.stopBy.profit' : 'lever.stopBy.loss')} = (
          {above ? numbers.price(draft.price, priceDecimals) : numbers.price(entry, priceDecimals)} −{' '}
          {above ? numbers.price(entry, priceDecimals) : numbers.price(draft.price, priceDecimals)}) ×{' '}
          {numbers.exact(trimmed(quantity))} = <strong>{numbers.exact(trimmed(draft.expected))}</strong>{' '}
          {quote}
        </p>
      ) : null}
    </fieldset>
  );
}
