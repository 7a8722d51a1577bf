import { expect } from 'vitest';

/**
 * Coverage of a random walk: a property that holds for every generated walk means little if the
 * generator never made the case, so a walk counts the kinds of case it made and asks for a floor.
 *
 * The floor is a rate ("at least 11 in 300 runs"), applied to the runs the property actually made:
 * a test's own numRuns, or the N of `npm run test:props -- --runs N`, which overrides it
 * (tests/setup/fast-check-runs.ts). A count fixed for the default number of runs would fail every
 * short run and ask too little of a long one. The floor is never below 1, so a generator that never
 * makes a case fails at any number of runs. With very few runs (a handful per expected case) a
 * healthy but rare case can be missed by chance: the message says how many runs were made.
 */
export interface CoverageRate {
  readonly atLeast: number;
  readonly per: number;
}

/** The least count `rate` asks of `runs` runs: its share of them, rounded down, and at least 1. */
export function coverageFloor(runs: number, rate: CoverageRate): number {
  return Math.max(1, Math.floor((rate.atLeast * runs) / rate.per));
}

export class Coverage {
  private runsMade = 0;
  private readonly seen = new Map<string, number>();

  /** Call once at the start of every run of the property. */
  run(): void {
    this.runsMade++;
  }

  saw(kind: string): void {
    this.seen.set(kind, (this.seen.get(kind) ?? 0) + 1);
  }

  get runs(): number {
    return this.runsMade;
  }

  count(kind: string): number {
    return this.seen.get(kind) ?? 0;
  }

  /** Expects every kind at least coverageFloor(runs, rate) times. */
  expectEach(kinds: readonly string[], rate: CoverageRate): void {
    const floor = coverageFloor(this.runsMade, rate);
    for (const kind of kinds)
      expect(
        this.count(kind),
        `${kind}: ${this.count(kind)} in ${this.runsMade} runs, at least ${floor} expected ` +
          `(${rate.atLeast} per ${rate.per} runs) ${JSON.stringify([...this.seen])}`,
      ).toBeGreaterThanOrEqual(floor);
  }
}
