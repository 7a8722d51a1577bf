import { map, merge, type Observable } from 'rxjs';
import type { AnswerOf } from '../api/catalogue.ts';
import { decodePayload } from './decode.ts';
import { lazySchema } from './lazy-schema.ts';
import type { ChannelSource } from './market.ts';

/**
 * The owner's private spot pushes (DESIGN.md: TX_* reach only the logged-in owner):
 *   TX_SUBMIT  { type, symbol, currency_match_id, order }  after the user placed or cancelled an order
 *   TX_MATCHED { type, symbol, currency_match_id, order }  after a fill of one of the user's orders
 * `order` has the shape of the spot calls' answers; frames that do not match are dropped.
 */
const orderFrame = lazySchema(() => import('./private-frames.ts').then((m) => m.spotOrderFrame));

export interface OrderPush {
  kind: 'submitted' | 'matched';
  order: AnswerOf<'tx_in/add'>;
}

export function orderPushes$(socket: ChannelSource): Observable<OrderPush> {
  return merge(socket.channel('TX_SUBMIT'), socket.channel('TX_MATCHED')).pipe(
    decodePayload(orderFrame),
    map((frame): OrderPush => ({
      kind: frame.type === 'TX_SUBMIT' ? 'submitted' : 'matched',
      order: frame.order,
    })),
  );
}
