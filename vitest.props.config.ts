import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vite.config.ts';

/**
 * `npm run test:props` (scripts/test-props.ts): the unit tests with fast-check's runs and seed
 * taken from the command line. `npm test` keeps vite.config.ts and the tests' own quick defaults.
 */
export default mergeConfig(
  base,
  defineConfig({
    test: {
      setupFiles: ['tests/setup/fast-check-runs.ts'],
      // Thousands of runs take longer than a quick test is allowed.
      testTimeout: 30 * 60_000,
    },
  }),
);
