import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import { OUTBOX_KEY } from '../outbox-key.ts';
import type { OutboxMessage } from '../outbox.machine.ts';

/** The demo outbox (simulator only): notify/outbox with this tab's key. */
export function outboxActors(api: ApiClient) {
  return {
    fetch: fromPromise<OutboxMessage[], { after: number }>(({ input }) =>
      api.call('notify/outbox', { key: OUTBOX_KEY, after: input.after }, { quiet: true }),
    ),
  };
}
