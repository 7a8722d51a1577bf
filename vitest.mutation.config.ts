import { defineConfig } from 'vitest/config';

/**
 * The tests Stryker runs (`npm run test:mutation`): only those that exercise what it mutates,
 * src/domain and the simulator's spot ledger. Not used by `npm test`.
 */
export default defineConfig({
  test: {
    include: [
      'tests/unit/domain/**/*.test.ts',
      'tests/unit/spot/**/*.test.ts',
      'tests/unit/mutation-kills/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 60_000,
  },
});
