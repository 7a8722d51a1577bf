import { vi } from 'vitest';

/**
 * Setup file of `npm run test:props` (vitest.props.config.ts; `npm test` never loads it). The
 * script passes its options as environment variables:
 *   FC_RUNS  number of runs of every property (overrides a test's own numRuns)
 *   FC_SEED  the seed of every property (with FC_PATH: replays one failure exactly)
 *   FC_PATH  the counterexample path printed by a failure
 *   FC_SIZE  fast-check's baseSize (how big values get where a test sets no size)
 * fast-check's global settings (fc.configureGlobal) give the defaults; a test that passes its own
 * numRuns or seed keeps it unless the run asked for one, so `fc.assert` is wrapped to put the
 * asked-for values last.
 */
function asked(): Record<string, unknown> {
  const settings: Record<string, unknown> = {};
  if (process.env.FC_RUNS) settings.numRuns = Number(process.env.FC_RUNS);
  if (process.env.FC_SEED) settings.seed = Number(process.env.FC_SEED);
  if (process.env.FC_PATH) settings.path = process.env.FC_PATH;
  if (process.env.FC_SIZE) settings.baseSize = process.env.FC_SIZE;
  return settings;
}

vi.mock('fast-check', async (importOriginal) => {
  const actual = await importOriginal<typeof import('fast-check')>();
  const fc = actual.default;
  const settings = asked();
  fc.configureGlobal({ ...fc.readConfigureGlobal(), ...settings });
  const assert = ((property: Parameters<typeof fc.assert>[0], params?: Parameters<typeof fc.assert>[1]) =>
    fc.assert(property, { ...params, ...settings })) as typeof fc.assert;
  return { ...actual, assert, default: { ...fc, assert } };
});
