import type { AnswerOf } from '../../api/catalogue.ts';
import type { ApiClient } from '../../api/client.ts';
import { loadable } from '../loadable.ts';

export type UserInfo = AnswerOf<'user/info'>;

/**
 * The signed-in user's reads (spec §7 user/info, user/authorization_code). They belong to whoever
 * is signed in, so nothing is kept: every subscription loads afresh.
 */
export function personalQueries(api: ApiClient) {
  return {
    userInfo$: loadable<UserInfo>(() => api.call('user/info', {})),
    authorizationCode$: loadable(() => api.call('user/authorization_code', {})),
    /** The protections of issue 34 (anti-phishing code, masked). */
    securityOverview$: loadable(() => api.call('security/overview', {})),
    /** The user's signed-in sessions (issue 34). */
    sessions$: loadable(() => api.call('security/sessions', {})),
  };
}
