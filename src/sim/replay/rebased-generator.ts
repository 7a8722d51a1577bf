import type { ReferenceSource } from '../feeds/reference-source.ts';

/**
 * The live generator with another seed, chosen while the market runs: from `since` on every asset
 * follows the other generator's moves, anchored at the base generator's price at `since`, so the
 * market changes its course without a jump. Before `since` (history) the base answers.
 */
export class RebasedGenerator implements ReferenceSource {
  constructor(
    private readonly base: ReferenceSource,
    private readonly other: ReferenceSource,
    private readonly since: number,
  ) {}

  logUsd(asset: number, t: number): number {
    if (asset < 0 || t < this.since) return this.base.logUsd(asset, t);
    return (
      this.base.logUsd(asset, this.since) + this.other.logUsd(asset, t) - this.other.logUsd(asset, this.since)
    );
  }
}
