import { readFileSync } from 'node:fs';
import { defineConfig, type PluginOption } from 'vitest/config';
import base from './vite.config.ts';

/** The app's plugin that serves `locales/<code>.json?part=...` (the simulator's tests import it). */
const localeParts = (base.plugins ?? [])
  .flat()
  .filter((plugin): plugin is Exclude<PluginOption, unknown[]> & { name: string } =>
    Boolean(
      plugin && typeof plugin === 'object' && 'name' in plugin && plugin.name === 'tessera-locale-parts',
    ),
  );

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
  plugins: localeParts,
  test: {
    include: groupTests,
    environment: 'node',
    testTimeout: 60_000,
  },
});
