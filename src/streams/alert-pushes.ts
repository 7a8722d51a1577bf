import { map, type Observable } from 'rxjs';
import type { AnswerOf } from '../api/catalogue.ts';
import { decodePayload } from './decode.ts';
import { lazySchema } from './lazy-schema.ts';
import type { ChannelSource } from './market.ts';

/**
 * The owner's PRICE_ALERT pushes (private): `{ type, alert }`, one of their price alerts fired,
 * `alert` as alert/list answers it. Frames that do not match are dropped.
 */
const firedFrame = lazySchema(() => import('./private-frames.ts').then((m) => m.priceAlertFrame));

export type PriceAlert = AnswerOf<'alert/list'>[number];

export function priceAlertPushes$(socket: ChannelSource): Observable<PriceAlert> {
  return socket.channel('PRICE_ALERT').pipe(
    decodePayload(firedFrame),
    map((frame) => frame.alert),
  );
}
