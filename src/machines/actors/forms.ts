import { fromPromise } from 'xstate';
import type { CallName, PayloadOf } from '../../api/catalogue.ts';
import type { ApiClient } from '../../api/client.ts';

/** The shared form machines' submit (forgot, change and trade password, bind e-mail, feedback). */
export function formsActors(api: ApiClient) {
  return {
    /** The submit actor of a form whose call is `call`: it sends the form's payload there. */
    // What form.machine.ts's submitWith builds, written out here: importing it would bring the
    // whole form machine into the first paint's chunk (issue 19).
    submit: <N extends CallName>(call: N) =>
      fromPromise<unknown, unknown>(({ input }) => api.call(call, input as PayloadOf<N>)),
  };
}
