import { useTranslation } from 'react-i18next';
import type { MicroEntryProblem } from '../../../domain/micro/entry.ts';
import type { NumberEntryProblem } from '../../../domain/number-entry.ts';
import { FieldProblem } from '../trade/FieldProblem.tsx';
import { useNumberText } from '../../use-number-text.ts';

const NUMBER_PROBLEMS: ReadonlySet<string> = new Set(['notNumber', 'tooManyDecimals', 'tooLarge']);

function isNumberProblem(problem: MicroEntryProblem): problem is NumberEntryProblem {
  return NUMBER_PROBLEMS.has(problem.kind);
}

/**
 * Why the amount will not be bought: what the typed text is not (the shared number-entry
 * messages), or a micro rule (empty, zero, below the smallest or above the largest stake, more
 * than the micro account holds).
 */
export function MicroAmountProblem({
  id,
  problem,
  min,
  max,
  code,
}: {
  id: string;
  problem: MicroEntryProblem | null;
  min: string;
  max: string;
  code: string;
}) {
  const numbers = useNumberText();
  const { t } = useTranslation();
  if (problem === null) return null;
  if (isNumberProblem(problem))
    return <FieldProblem id={id} problem={problem} testId="micro-amount-problem" />;
  return (
    <p id={id} className="field-problem" role="alert" data-testid="micro-amount-problem">
      {t(`micro.problem.${problem.kind}`, {
        min: numbers.amount(min, code),
        max: numbers.amount(max, code),
        code,
      })}
    </p>
  );
}
