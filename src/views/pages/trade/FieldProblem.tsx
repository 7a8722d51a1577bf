import { useTranslation } from 'react-i18next';
import type { NumberEntryProblem } from '../../../domain/number-entry.ts';

/**
 * The message under a numeric field whose text is refused (domain/number-entry.ts): not a number in
 * this language, too many decimals, or too large. The field keeps what was typed; this says why it
 * will not be sent. Nothing is rendered while the field is fine, so the form does not jump.
 */
export function FieldProblem({
  id,
  problem,
  testId,
}: {
  id: string;
  problem: NumberEntryProblem | null;
  testId: string;
}) {
  const { t } = useTranslation();
  if (problem === null) return null;
  const text =
    problem.kind === 'tooManyDecimals'
      ? problem.max === 0
        ? t('numberEntry.wholeOnly')
        : t('numberEntry.tooManyDecimals', { max: problem.max })
      : t(`numberEntry.${problem.kind}`);
  return (
    <p id={id} className="field-problem" role="alert" data-testid={testId}>
      {text}
    </p>
  );
}
