import { fromPromise } from 'xstate';
import type { PayloadOf } from '../../api/catalogue.ts';
import type { ApiClient } from '../../api/client.ts';
import type { CodeRequest } from '../code-request.ts';
import type { LoginResult } from '../login-form.machine.ts';

/** Signing in and up (spec §7 user/login, user/register) and the codes they ask for. */
export function accountsActors(api: ApiClient) {
  return {
    /** The send-code machine's delivery: notify/send_email, notify/send_sms or sms_mail. */
    // Which call delivers which code is the auth pages' module: it loads with them, not on the
    // first paint.
    deliverCode: fromPromise<void, CodeRequest>(async ({ input }) => {
      const { deliverCode } = await import('../code-request.ts');
      return deliverCode(api, input);
    }),
    /**
     * user/login answers the token itself; the user's id and seller flag are user/info's, read with
     * the new token before the session holds it. Signing in fails as a whole if either call does.
     */
    login: fromPromise<LoginResult, PayloadOf<'user/login'>>(async ({ input }) => {
      const token = await api.call('user/login', input);
      const info = await api.call('user/info', {}, { token });
      return { token, uid: info.id, is_seller: info.is_seller };
    }),
    register: fromPromise<unknown, PayloadOf<'user/register'>>(({ input }) =>
      api.call('user/register', input),
    ),
  };
}
