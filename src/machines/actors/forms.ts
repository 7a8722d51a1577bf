import type { CallName } from '../../api/catalogue.ts';
import type { ApiClient } from '../../api/client.ts';
import { submitWith } from '../form.machine.ts';

/** The shared form machines' submit (forgot, change and trade password, bind e-mail, feedback). */
export function formsActors(api: ApiClient) {
  return {
    /** The submit actor of a form whose call is `call`: it sends the form's payload there. */
    submit: <N extends CallName>(call: N) => submitWith<N>((payload) => api.call(call, payload)),
  };
}
