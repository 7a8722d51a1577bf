import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { localeParts } from './scripts/locale-parts-plugin.ts';

/**
 * The tests Stryker runs (`npm run test:mutation`): the tests that guard each group of
 * scripts/mutation-groups.json. scripts/mutation-run.ts runs the groups one by one and names the
 * group's tests in MUTATION_TESTS (comma-separated globs); without it, every group's. Machine and
 * view tests are left out: they are slower and a money rule is caught by its own tests. Not used
 * by `npm test`.
 */
const groups = (
  JSON.parse(readFileSync('scripts/mutation-groups.json', 'utf8')) as { groups: { tests: string[] }[] }
).groups;
const groupTests = process.env.MUTATION_TESTS?.split(',').filter(Boolean) ?? [
  ...new Set(groups.flatMap((group) => group.tests)),
];

export default defineConfig({
  // The app's plugin that serves `locales/<code>.json?part=...` (the simulator's code imports one).
  plugins: [localeParts()],
  test: {
    include: groupTests,
    environment: 'node',
    testTimeout: 60_000,
  },
});
