/**
 * How candles travel on the socket: each period on a channel of its own, `KLINE.<symbol>.<period>`
 * (`KLINE.BTC/USDT.5min`), and the default period's bars on `KLINE.<symbol>` as well. The family's
 * clients subscribe `KLINE.<symbol>` and append every frame of it to their chart without reading
 * `kline.period`, so that channel must carry one period only: the 1-minute bars their charts open on.
 */
export const DEFAULT_KLINE_PERIOD = '1min';

/** The channel of one period's bars as Tessera's client subscribes it (the default's: the bare name). */
export function klineChannelName(symbol: string, period: string): `KLINE.${string}` {
  return period === DEFAULT_KLINE_PERIOD ? `KLINE.${symbol}` : `KLINE.${symbol}.${period}`;
}
