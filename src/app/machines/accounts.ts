import type { CallName } from '../../api/catalogue.ts';
import type { AppActors } from '../../machines/actors/index.ts';
import type { FormDefinition, FormValues } from '../../machines/form.machine.ts';
import { loginFormMachine } from '../../machines/login-form.machine.ts';
import { registerFormMachine } from '../../machines/register-form.machine.ts';
import { sendCodeMachine } from '../../machines/send-code.machine.ts';
import type { ViewActions } from './view-actions.ts';

/** The code delivery every form with a code uses (send-code.machine.ts on accounts/deliverCode). */
export type SendCodeLogic = ReturnType<typeof accountsMachines>['sendCode'];

/**
 * The account forms (log in, register, and the shared form machines: forgot, change and trade
 * password, bind e-mail, feedback), each with the code delivery of the accounts actors. The screen's
 * own actions (where a problem shows, where to go next) come from the view that runs the form.
 */
export function accountsMachines(actors: AppActors) {
  const sendCode = sendCodeMachine.provide({ actors: { deliver: actors.accounts.deliverCode } });
  return {
    sendCode,
    login: (actions: ViewActions<typeof loginFormMachine>) =>
      loginFormMachine.provide({ actors: { sendCode, login: actors.accounts.login }, actions }),
    register: (actions: ViewActions<typeof registerFormMachine>) =>
      registerFormMachine.provide({ actors: { sendCode, register: actors.accounts.register }, actions }),
    /** One of the shared forms, submitting to the form's own call. */
    form: <V extends FormValues, F extends string, N extends CallName>(
      form: FormDefinition<V, F, N>,
      actions: ViewActions<FormDefinition<V, F, N>['machine']>,
    ) => form.machine.provide({ actors: { sendCode, submit: actors.forms.submit(form.call) }, actions }),
  };
}
