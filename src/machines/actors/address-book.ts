import { fromPromise } from 'xstate';
import type { AnswerOf } from '../../api/catalogue.ts';
import type { ApiClient } from '../../api/client.ts';
import type { BindRequest } from '../bind-address.machine.ts';
import { OUTBOX_KEY } from '../outbox-key.ts';

export type BoundAddress = AnswerOf<'address/list'>[number];

/** The address-binding service (catalogue/address-book.ts) for the address book and bind machines. */
export function addressBookActors(api: ApiClient) {
  return {
    list: fromPromise<BoundAddress[]>(() => api.call('address/list', {})),
    /**
     * Signs and sends the bind form: the session's key, user id and server time come from
     * address/session_key just before signing, so the timestamp is fresh on the server's clock.
     */
    bind: fromPromise<{ id: number }, BindRequest>(async ({ input }) => {
      const session = await api.call('address/session_key', {});
      const data = {
        user_id: session.user_id,
        address: input.address,
        coin_name: input.coin,
        contract_address: input.contract,
        verificationcode: input.code,
        timestamp: session.timestamp,
        label: input.label,
      };
      // The signing rules load with the first bind, not on the first paint.
      const { signAddressData } = await import('../../domain/address-book/signature.ts');
      const signature = await signAddressData(session.key, data);
      // The outbox key: the demo outbox files the "address added" notice under it (issue 34).
      return api.call('address/bind', { data, signature, outbox_key: OUTBOX_KEY });
    }),
    remove: fromPromise<unknown, { id: number }>(({ input }) => api.call('address/delete', input)),
    relabel: fromPromise<unknown, { id: number; label: string }>(({ input }) =>
      api.call('address/label', input),
    ),
  };
}
