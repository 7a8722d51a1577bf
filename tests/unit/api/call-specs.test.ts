import { describe, expect, it } from 'vitest';
import { findCallSpec, loadCallSpec } from '../../../src/api/call-specs.ts';
import { callNames, catalogue, type CallName } from '../../../src/api/catalogue.ts';
import { firstStageCalls } from '../../../src/sim/first-stage-calls.ts';
import { EARLY_CALLS } from '../../../src/sim/serve-port.ts';

/** Anything a request may name as its path that is no call of the catalogue. */
const NOT_CALLS = [
  '__proto__',
  'constructor',
  'toString',
  'nope/call',
  'user/nope',
  'user',
  '',
  'market/__proto__',
];

/**
 * The client loads each feature area's schemas lazily (issue 19) through its own table of areas:
 * this keeps that table and the assembled catalogue the same contract.
 */
describe('the lazy call registry', () => {
  it('finds every call of the catalogue, as the very spec object the catalogue holds', async () => {
    for (const name of callNames) expect(await loadCallSpec(name), name).toBe(catalogue[name]);
  });

  it('refuses a path that is not a call (no prototype keys, no unknown areas or calls)', async () => {
    for (const name of NOT_CALLS)
      await expect(loadCallSpec(name as CallName)).rejects.toThrow('no such call');
  });
});

/** The simulator's lookups by a request's path (sim/server.ts CallLookup), the same contract. */
describe("the servers' call lookups", () => {
  it('find every call as the catalogue holds it, and nothing else', async () => {
    for (const name of callNames) {
      expect(await findCallSpec(name), name).toBe(catalogue[name]);
      expect(await firstStageCalls(name), name).toBe(catalogue[name]);
    }
    for (const path of NOT_CALLS) {
      expect(await findCallSpec(path), path).toBeUndefined();
      expect(await firstStageCalls(path), path).toBeUndefined();
    }
  });

  it("answer the first stage's early calls at once, without waiting for a schema to load", () => {
    for (const path of EARLY_CALLS) {
      const found = firstStageCalls(path);
      expect(found, path).not.toBeInstanceOf(Promise);
      expect(found, path).toBe(catalogue[path as CallName]);
    }
  });
});
