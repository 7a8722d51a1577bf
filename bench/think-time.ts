/**
 * The pause before a benchmark user's call `step` (bench:server's `--think`): `thinkMs` jittered
 * 0.5x-1.5x between calls, and before the first call a share of one think time, so users with a
 * think time arrive spread over it rather than all in the same millisecond (500 readers' first
 * calls at once queued for 300 ms and made the p99 of a whole realistic run). Without a think
 * time (the closed loop) there is no pause at all.
 */
export function thinkTime(step: number, thinkMs: number, random: () => number): Promise<void> | null {
  if (thinkMs <= 0) return null;
  const ms = step === 0 ? thinkMs * random() : thinkMs * (0.5 + random());
  return new Promise((resolve) => setTimeout(resolve, ms));
}
