import { describe, expect, it } from 'vitest';
import { loadCallSpec } from '../../../src/api/call-specs.ts';
import { callNames, catalogue, type CallName } from '../../../src/api/catalogue.ts';

/**
 * The client loads each feature area's schemas lazily (issue 19) through its own table of areas:
 * this keeps that table and the assembled catalogue the same contract.
 */
describe('the lazy call registry', () => {
  it('finds every call of the catalogue, as the very spec object the catalogue holds', async () => {
    for (const name of callNames) expect(await loadCallSpec(name), name).toBe(catalogue[name]);
  });

  it('refuses a path that is not a call (no prototype keys, no unknown areas or calls)', async () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'nope/call', 'user/nope', 'user', ''])
      await expect(loadCallSpec(name as CallName)).rejects.toThrow('no such call');
  });
});
