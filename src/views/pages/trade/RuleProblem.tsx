import { useTranslation } from 'react-i18next';
import type { EntryProblem } from '../../../machines/spot-entry.machine.ts';

/**
 * Why a submitted spot order was refused, written beside the field it is about (or above the
 * button when no field can fix it): the same words as the toast that announced it, kept on the
 * form until what is typed fixes it. Nothing is rendered otherwise, so the form does not jump.
 */
export function RuleProblem({
  id,
  problem,
  testId,
}: {
  id: string;
  problem: EntryProblem | null;
  testId: string;
}) {
  const { t } = useTranslation();
  if (problem === null) return null;
  return (
    <p id={id} className="field-problem" role="alert" data-testid={testId}>
      {t(`trade.${problem.code}`, { max: problem.max })}
    </p>
  );
}
