import { useMachine } from '../../../use-app-actor.ts';
import { useState } from 'react';
import type { CallName } from '../../../../api/catalogue.ts';
import type { FormDefinition, FormValues } from '../../../../machines/form.machine.ts';
import { useServices } from '../../../services-context.ts';
import { useLatest } from './use-latest.ts';
import { useProblemReporter } from './use-problem-reporter.ts';

export interface UseFormOptions<V extends FormValues> {
  formId: string;
  initial: V;
  onSuccess?: (output: unknown) => void;
}

/** Runs one of the shared form machines with the app's API, toasts and send-code delivery. */
export function useForm<V extends FormValues, F extends string, N extends CallName>(
  form: FormDefinition<V, F, N>,
  options: UseFormOptions<V>,
) {
  const { machines } = useServices();
  const report = useProblemReporter(options.formId);
  const latest = useLatest({ report, onSuccess: options.onSuccess });
  const [logic] = useState(() =>
    machines.accounts.form(form, {
      reportProblem: (_, { problem }) => latest.current.report(problem),
      succeeded: (_, { output }) => latest.current.onSuccess?.(output),
    }),
  );
  return useMachine(logic, { input: { values: options.initial } });
}
