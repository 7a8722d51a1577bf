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
 * The tests Stryker runs (`npm run test:mutation`): the tests of what it mutates, src/domain and the
 * simulator's spot ledger (their property tests, the simulator's spot test, the mutation-kill tests).
 * Machine and view tests are left out: they are slower and a domain rule should be caught by the
 * domain's own tests. Not used by `npm test`.
 */
export default defineConfig({
  plugins: localeParts,
  test: {
    include: [
      'tests/unit/domain/**/*.test.ts',
      'tests/unit/spot/*.property.test.ts',
      'tests/unit/spot/*.kill.test.ts',
      'tests/unit/spot/spot-sim.test.ts',
      'tests/unit/mutation-kills/**/*.test.ts',
      // Domain rules whose own tests live beside their feature (they import src/domain only).
      'tests/unit/wallet/wallet-entry.property.test.ts',
      'tests/unit/earnings/rules.property.test.ts',
      'tests/unit/p2p/domain.property.test.ts',
      'tests/unit/p2p/floating-price.property.test.ts',
    ],
    environment: 'node',
    testTimeout: 60_000,
  },
});
