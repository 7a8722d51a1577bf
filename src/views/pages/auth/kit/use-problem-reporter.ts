import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Problem } from '../../../../domain/validation/problem.ts';
import { problemKey } from '../../../../machines/problem-keys.ts';
import { useServices } from '../../../services-context.ts';

/**
 * Shows a validation problem the way spec §8 asks (a toast from its translation key) and moves the
 * focus to the field at fault, whose id is `<formId>-<field>`.
 */
export function useProblemReporter(formId: string): (problem: Problem) => void {
  const { t } = useTranslation();
  const { toasts } = useServices();
  return useCallback(
    (problem: Problem) => {
      toasts.show('error', t(problemKey(problem.code)));
      const field = document.getElementById(`${formId}-${problem.field}`);
      if (field instanceof HTMLElement) field.focus();
    },
    [formId, t, toasts],
  );
}

/** The id of a form's field, as useProblemReporter finds it. */
export function fieldId(formId: string, field: string): string {
  return `${formId}-${field}`;
}
