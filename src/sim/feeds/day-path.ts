import { ASSETS, BTC_INDEX, minuteVariance } from './assets.ts';
import { MINUTES_PER_DAY, type DayAnchor } from './daily-anchors.ts';
import { STREAM, streamRng } from './seeds.ts';

/** Every asset's price at each minute boundary of one UTC day. */
export interface DayPath {
  /** ln(USD price) per asset (ASSETS order) at minute m = 0..1440; m = 1440 is the next day's anchor. */
  readonly logUsd: readonly Float64Array[];
  /** Standard deviation of BTC's log return in each minute of the day (the GARCH volatility). */
  readonly btcMinuteSd: Float64Array;
}

/** GARCH(1,1) on BTC's minute returns (STACK.md: alpha about 0.06, beta about 0.93). */
const GARCH_ALPHA = 0.06;
const GARCH_BETA = 0.93;

/**
 * Generates one day's minute path from its own random stream and bridges it onto the day's two
 * anchors.
 *
 * BTC's minute returns follow GARCH(1,1) around the day's regime variance, so busy stretches
 * cluster; the day's jump (if any) lands at its minute. Each altcoin's minute return is beta times
 * BTC's plus its own normal move. Each path is then tilted by a constant per minute so that it
 * ends exactly on the next day's anchor:
 * the tilt is tiny next to one minute's noise, and it lets any day be generated on its own.
 */
export function generateDayPath(seed: number, day: number, today: DayAnchor, tomorrow: DayAnchor): DayPath {
  const rng = streamRng(seed, STREAM.dayPath, day);
  const btc = ASSETS[BTC_INDEX]!;
  const regimeVariance = today.regime * minuteVariance(btc.annualVol);
  const omega = (1 - GARCH_ALPHA - GARCH_BETA) * regimeVariance;

  const btcReturns = new Float64Array(MINUTES_PER_DAY);
  const btcMinuteSd = new Float64Array(MINUTES_PER_DAY);
  let variance = regimeVariance;
  for (let m = 0; m < MINUTES_PER_DAY; m++) {
    const sd = Math.sqrt(variance);
    const r = sd * rng.normal();
    btcMinuteSd[m] = sd;
    // The jump stays out of the variance recursion: fed in, one 1 % jump would make the next hour
    // move 0.3 % a minute, far beyond what follows real jumps.
    btcReturns[m] = m === today.jumpMinute ? r + today.jumpSize : r;
    variance = omega + GARCH_ALPHA * r * r + GARCH_BETA * variance;
  }

  const logUsd = ASSETS.map((asset, index) => {
    const path = new Float64Array(MINUTES_PER_DAY + 1);
    const ownSd = index === BTC_INDEX ? 0 : Math.sqrt(today.regime * minuteVariance(asset.annualVol));
    const beta = index === BTC_INDEX ? 1 : asset.beta;
    let cumulative = 0;
    for (let m = 0; m < MINUTES_PER_DAY; m++) {
      // BTC draws nothing here, so adding an asset never changes another asset's path.
      const own = ownSd === 0 ? 0 : ownSd * rng.normal();
      cumulative += beta * btcReturns[m]! + own;
      path[m + 1] = cumulative;
    }
    bridge(path, today.logUsd[index]!, tomorrow.logUsd[index]!);
    return path;
  });
  return { logUsd, btcMinuteSd };
}

/**
 * Turns cumulative returns path[0..n] (path[0] = 0) into a path from `start` to `end`: adds the
 * start and spreads the difference between the wanted and the drawn total evenly over the steps.
 */
export function bridge(path: Float64Array, start: number, end: number): void {
  const steps = path.length - 1;
  const correction = (end - start - path[steps]!) / steps;
  for (let i = 0; i <= steps; i++) path[i] = start + path[i]! + correction * i;
}
