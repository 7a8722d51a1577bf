import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import {
  closeLots,
  type LeverAsk,
  leverPositionsMachine,
} from '../../../machines/lever-positions.machine.ts';
import { useSelector } from '../../use-app-actor.ts';
import { FieldProblem } from '../trade/FieldProblem.tsx';
import { useNumberText } from '../../use-number-text.ts';

const PERCENTS = [25, 50, 75, 100] as const;

/**
 * How much of a position to close (issue 32 item 4): a share of its lots (25 / 50 / 75 / 100 %,
 * rounded down) or a number of lots typed, 1 to all of them; fewer than all close a part at the
 * market, recorded as a closed position of its own. The lots field keeps what was typed; a number
 * that is not 1 to all of them is refused under it and the confirm does nothing.
 */
export function LeverClosePart({
  ask,
  positions,
}: {
  ask: Extract<LeverAsk, { kind: 'close' }>;
  positions: ActorRefFrom<typeof leverPositionsMachine>;
}) {
  const numbers = useNumberText();
  const { t } = useTranslation();
  const decimalComma = useSelector(positions, (s) => s.context.decimalComma);
  const verdict = closeLots(ask, decimalComma);
  const problem = 'problem' in verdict ? verdict.problem : null;
  return (
    <div className="lever-close-part" data-testid="lever-close-part">
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
      {problem === null ? (
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
