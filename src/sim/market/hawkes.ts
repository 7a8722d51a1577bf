import type { Rng } from '../rng.ts';

/**
 * Arrival times of a Hawkes process with an exponential kernel: every arrival raises the intensity
 * by `jump`, which then decays at rate `decay`, so arrivals come in clusters (one taker's order
 * draws others after it). The branching ratio jump / decay is the mean number of arrivals each one
 * triggers (STACK.md: about 0.75-0.8 for taker flow).
 *
 * Waiting times are drawn exactly (Dassios and Zhao, 2013): the next arrival is the earlier of a
 * baseline arrival and the first arrival of the decaying excitation, each by inversion, so the
 * process needs no thinning loop and its draws depend only on its own stream.
 */
export class HawkesArrivals {
  /** Intensity above the baseline just after the last arrival, per second. */
  private excitation = 0;

  constructor(
    /** Baseline arrivals per second. */
    private readonly baseline: number,
    /** Intensity added by each arrival, per second. */
    private readonly jump: number,
    /** Decay rate of the added intensity, per second. */
    private readonly decay: number,
  ) {
    if (!(baseline > 0) || !(jump >= 0) || !(decay > 0) || jump >= decay) {
      throw new RangeError('Hawkes arrivals need baseline > 0, decay > 0 and 0 <= jump < decay');
    }
  }

  /** Seconds until the next arrival; the process moves to that arrival. */
  nextWait(rng: Rng): number {
    const baselineWait = -Math.log(1 - rng.next()) / this.baseline;
    let excitedWait = Infinity;
    if (this.excitation > 0) {
      const d = 1 + (this.decay * Math.log(1 - rng.next())) / this.excitation;
      if (d > 0) excitedWait = -Math.log(d) / this.decay;
    }
    const wait = Math.min(baselineWait, excitedWait);
    this.excitation = this.excitation * Math.exp(-this.decay * wait) + this.jump;
    return wait;
  }

  /** Forgets the excitation (after the market skipped ahead). */
  reset(): void {
    this.excitation = 0;
  }
}
