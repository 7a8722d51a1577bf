import { useTranslation } from 'react-i18next';
import type { LeverProblem } from '../../../machines/lever-order.machine.ts';

/** Spec §8 Lever: an empty price, multiple or lots says p_delprice, p_times, p_hands. */
const REQUIRED: Record<string, string> = {
  price: 'lever.p_delprice',
  multiple: 'lever.p_times',
  lots: 'lever.p_hands',
  tp: 'lever.p_hands',
  sl: 'lever.p_hands',
};

/** The translated message of a lever rule refusal (number-entry refusals go through FieldProblem). */
export function LeverProblemText({ field, problem }: { field: string; problem: LeverProblem }) {
  const { t } = useTranslation();
  switch (problem.kind) {
    case 'required':
      return <>{t(REQUIRED[field] ?? 'lever.p_hands')}</>;
    case 'lotsRange':
      return <>{t('lever.problem.lotsRange', { min: problem.min, max: problem.max })}</>;
    case 'priceSide':
    case 'tpSide':
    case 'slSide':
      return <>{t(`lever.problem.${problem.kind}_${problem.side}`)}</>;
    case 'balance':
      return <>{t('lever.problem.balance')}</>;
    case 'noPrice':
      return <>{t('lever.problem.noPrice')}</>;
    default:
      return null;
  }
}
