import { defineConfig } from 'vitest/config';

/**
 * `npm run test:crash`: the server killed with SIGKILL under load (tests/crash). A step of its own
 * in `npm test`, after the unit tests: it starts real server processes for minutes, so it stays out
 * of the unit step's time and its single worker.
 */
export default defineConfig({
  test: {
    include: ['tests/crash/**/*.test.ts'],
    testTimeout: 600_000,
  },
});
