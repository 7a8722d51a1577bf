import { defineConfig } from 'vitest/config';
import { localeParts } from './scripts/locale-parts-plugin.ts';

/**
 * `npm run test:crash`: the server killed with SIGKILL under load (tests/crash). A step of its own
 * in `npm test`, after the unit tests: it starts real server processes for minutes, so it stays out
 * of the unit step's time and its single worker.
 */
export default defineConfig({
  // The simulator's code the tests load has its English messages built in (a locale part).
  plugins: [localeParts()],
  test: {
    include: ['tests/crash/**/*.test.ts'],
    // The servers it kills run on the SQLite addon, which `npm install` does not build (issue 27).
    globalSetup: ['tests/unit/sqlite-addon.global.ts'],
    testTimeout: 600_000,
  },
});
