import { fromPromise } from 'xstate';
import type { AnswerOf, PayloadOf } from '../../api/catalogue.ts';
import type { ApiClient } from '../../api/client.ts';
import { deliverCode, type CodeRequest } from '../code-request.ts';

/** Signing in and up (spec §7 user/login, user/register) and the codes they ask for. */
export function accountsActors(api: ApiClient) {
  return {
    /** The send-code machine's delivery: notify/send_email, notify/send_sms or sms_mail. */
    deliverCode: fromPromise<void, CodeRequest>(({ input }) => deliverCode(api, input)),
    login: fromPromise<AnswerOf<'user/login'>, PayloadOf<'user/login'>>(({ input }) =>
      api.call('user/login', input),
    ),
    register: fromPromise<unknown, PayloadOf<'user/register'>>(({ input }) =>
      api.call('user/register', input),
    ),
  };
}
