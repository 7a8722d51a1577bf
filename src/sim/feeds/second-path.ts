import { ASSETS, BTC_INDEX, minuteVariance } from './assets.ts';
import { bridge, type DayPath } from './day-path.ts';
import { STREAM, streamRng } from './seeds.ts';

export const SECONDS_PER_MINUTE = 60;
/** Degrees of freedom of the per-second moves (STACK.md: Student-t, nu about 4). */
const SECOND_NU = 4;
const T_VARIANCE = SECOND_NU / (SECOND_NU - 2);

/**
 * Every asset's price at each second boundary of one minute: ln(USD price) per asset (ASSETS
 * order) at s = 0..60, bridged onto the day path's values at the minute's two ends.
 *
 * BTC moves by Student-t draws scaled to the minute's GARCH volatility (fat tails: most seconds
 * barely move, a few move a lot); altcoins move beta times BTC's second plus their own small move.
 */
export function generateSecondPath(
  seed: number,
  minuteIndex: number,
  day: DayPath,
  minuteOfDay: number,
  regime: number,
): Float64Array[] {
  const rng = streamRng(seed, STREAM.secondPath, minuteIndex);
  const btcScale = day.btcMinuteSd[minuteOfDay]! / Math.sqrt(SECONDS_PER_MINUTE * T_VARIANCE);
  const btcMoves = new Float64Array(SECONDS_PER_MINUTE);
  for (let s = 0; s < SECONDS_PER_MINUTE; s++) btcMoves[s] = btcScale * rng.studentT(SECOND_NU);

  return ASSETS.map((asset, index) => {
    const path = new Float64Array(SECONDS_PER_MINUTE + 1);
    const beta = index === BTC_INDEX ? 1 : asset.beta;
    const ownSd =
      index === BTC_INDEX ? 0 : Math.sqrt((regime * minuteVariance(asset.annualVol)) / SECONDS_PER_MINUTE);
    let cumulative = 0;
    for (let s = 0; s < SECONDS_PER_MINUTE; s++) {
      const own = ownSd === 0 ? 0 : ownSd * rng.normal();
      cumulative += beta * btcMoves[s]! + own;
      path[s + 1] = cumulative;
    }
    const minutePath = day.logUsd[index]!;
    bridge(path, minutePath[minuteOfDay]!, minutePath[minuteOfDay + 1]!);
    return path;
  });
}
