import { relative } from 'node:path';
import fc from 'fast-check';
import { expect } from 'vitest';

/**
 * Setup file of the unit tests (vite.config.ts): each test file's properties draw from a seed made
 * of the code under test (the git trees of src and tests) and the file's path, so CI draws exactly
 * what a rehearsal of the same code drew on another machine, and every change to the code or the
 * tests draws afresh.
 *
 * Why: a property's coverage floor (tests/unit/property-coverage.ts) or a rare case it counts can
 * miss by the draw alone. Stop 46's CI run went red on a settled micro contract seen in 1 of 25 runs,
 * and a rehearsal of stop 47 on socket-reaches' "only session_ended" (3 in 400 runs, 4 asked;
 * 20 in another run). With the seed fixed by the code, a draw that misses misses on every run of that
 * code, where it can be seen and the floor or the generator fixed, never in CI alone.
 *
 * `npm run test:props` explores with a fresh seed (FC_SEED, printed), and so does a run without git
 * (FC_SEED_BASE empty): both leave fast-check's own random seed.
 */
const base = process.env.FC_SEED_BASE;
if (base && !process.env.FC_SEED) {
  // Relative: a clone elsewhere (CI's) draws what this one drew.
  const file = relative(process.cwd(), expect.getState().testPath ?? '');
  fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: seedOf(`${base} ${file}`) });
}

/** A 32-bit FNV-1a hash of the text: fast-check's seeds are 32-bit integers. */
function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}
