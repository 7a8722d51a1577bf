import { map, type Observable } from 'rxjs';
import type { AnswerOf } from '../api/catalogue.ts';
import { decodePayload } from './decode.ts';
import { lazySchema } from './lazy-schema.ts';
import type { ChannelSource } from './market.ts';

/**
 * The owner's MICRO_CLOSED pushes (private: only the logged-in owner hears them):
 *   MICRO_CLOSED { type, order }   a contract settled; `order` as microtrade/lists answers it.
 * Frames that do not match are dropped.
 */
const closedFrame = lazySchema(() => import('./private-frames.ts').then((m) => m.microClosedFrame));

export type MicroOrder = AnswerOf<'microtrade/submit'>;

export function microClosedPushes$(socket: ChannelSource): Observable<MicroOrder> {
  return socket.channel('MICRO_CLOSED').pipe(
    decodePayload(closedFrame),
    map((frame) => frame.order),
  );
}
