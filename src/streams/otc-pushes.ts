import type { Observable } from 'rxjs';
import type { z } from 'zod';
import type { otcOrderPush } from '../api/catalogue/otc.ts';
import { decodePayload } from './decode.ts';
import { lazySchema } from './lazy-schema.ts';
import type { ChannelSource } from './market.ts';

/**
 * The party's private P2P pushes (only the order's buyer and seller hear them):
 *   OTC_ORDER { type, id, status, side }  an order they are a party of changed: reload it.
 */
export type OtcOrderFrame = z.output<typeof otcOrderPush>;

// With the P2P catalogue's chunk, when the stream first decodes (not at start-up).
const orderPush = lazySchema(() => import('../api/catalogue/otc.ts').then((m) => m.otcOrderPush));

export function otcOrderPushes$(socket: ChannelSource): Observable<OtcOrderFrame> {
  return socket.channel('OTC_ORDER').pipe(decodePayload(orderPush));
}
