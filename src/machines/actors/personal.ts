import { fromPromise } from 'xstate';
import type { AnswerOf, PayloadOf } from '../../api/catalogue.ts';
import type { ApiClient } from '../../api/client.ts';
import { isSavedPayMethod } from '../../domain/saved-pay-method.ts';
import type { PayMethodType, SavedPayMethod } from '../pay-method.machine.ts';
import type { ReviewStatus } from '../review-status.machine.ts';

/** The personal centre's machines (spec §7 user_real, pay_method, common/image_upload). */
export function personalActors(api: ApiClient) {
  return {
    /** Turning two-factor sign-in on (two-factor-enrol machine). */
    twoFactor: {
      start: fromPromise<AnswerOf<'security/two_factor_start'>>(() =>
        api.call('security/two_factor_start', {}),
      ),
      enable: fromPromise<AnswerOf<'security/two_factor_enable'>, { code: string }>(({ input }) =>
        api.call('security/two_factor_enable', input),
      ),
    },
    /** The real-name review (review-status machine). */
    realName: {
      fetchStatus: fromPromise<ReviewStatus>(
        async () => (await api.call('user_real/center', {})).review_status,
      ),
      submit: fromPromise<unknown, PayloadOf<'user_real/real_name'>>(({ input }) =>
        api.call('user_real/real_name', input),
      ),
    },
    /** The collection (payment) methods (pay-method machine). */
    payMethod: {
      loadTypes: fromPromise<PayMethodType[]>(() => api.call('pay_method/types', {})),
      loadSaved: fromPromise<SavedPayMethod[], { types: number[] }>(async ({ input }) => {
        const answers = await Promise.all(
          input.types.map((type) => api.call('pay_method/get_method_by_type', { type })),
        );
        // A type with nothing saved answers its fields empty (older servers: null).
        return answers.flatMap((answer, i) =>
          answer && isSavedPayMethod(answer.raw_data)
            ? [{ typeId: input.types[i] ?? answer.type, raw: answer.raw_data }]
            : [],
        );
      }),
      loadMethod: fromPromise<AnswerOf<'pay_method/get_method_by_type'>, { type: number }>(
        async ({ input }) => {
          const answer = await api.call('pay_method/get_method_by_type', input);
          return answer && isSavedPayMethod(answer.raw_data) ? answer : null;
        },
      ),
      save: fromPromise<unknown, PayloadOf<'pay_method/save'>>(({ input }) =>
        api.call('pay_method/save', input),
      ),
    },
    /** One picked image (image-upload machine). */
    imageUpload: {
      upload: fromPromise<{ url: string }, { file: File }>(({ input }) =>
        api.call('common/image_upload', { file: input.file }),
      ),
    },
  };
}
