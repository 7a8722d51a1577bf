/**
 * Simulated time as a page knows it: the latest SIM_CLOCK push (simulated ms and how fast it runs,
 * 0 while paused), moved on from when it arrived at its rate. The inspector stamps events with it,
 * so its log reads on the same clock as the market, the orders and the countdowns.
 */
export class PushedClock {
  private push: { now: number; rate: number; wall: number } | null = null;

  follow(now: number, rate: number, wall: number): void {
    this.push = { now, rate, wall };
  }

  /**
   * Simulated ms at wall time `wall` (also a moment before the push, at its rate), or null before
   * the first push.
   */
  at(wall: number): number | null {
    const { push } = this;
    if (!push) return null;
    return Math.floor(push.now + (wall - push.wall) * push.rate);
  }
}
