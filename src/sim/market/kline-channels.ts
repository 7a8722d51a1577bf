import { DEFAULT_KLINE_PERIOD } from '../../api/kline-channels.ts';
import type { KlinePeriod } from './periods.ts';

/** Built once per symbol and period: the publisher asks every round. */
const known = new Map<string, readonly string[]>();

/**
 * The socket channels a bar of `period` goes out on (api/kline-channels.ts): its own
 * `KLINE.<symbol>.<period>`, and `KLINE.<symbol>` too for the default period.
 */
export function klineChannelsOf(symbol: string, period: KlinePeriod): readonly string[] {
  const key = `${symbol}.${period}`;
  let channels = known.get(key);
  if (channels === undefined) {
    const own = `KLINE.${symbol}.${period}`;
    channels = period === DEFAULT_KLINE_PERIOD ? [own, `KLINE.${symbol}`] : [own];
    known.set(key, channels);
  }
  return channels;
}
