import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import type { Backend } from './tests/e2e/fixtures.ts';

/**
 * Browser tests run against the production build (vite preview) in Debian's Chromium: the same
 * bundle a user gets. scripts/ensure-chromium.sh installs the browser when it is missing.
 */

/**
 * Debian's chromium-headless-shell when it is there: the same Blink as /usr/bin/chromium, in the old
 * headless mode, which Playwright itself uses for headless runs. The whole suite took 2,515
 * test-seconds in it against 2,954 in the full browser's headless mode here. CHROMIUM_PATH wins.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const BROWSER =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The preview server's port: 4173 unless E2E_PORT says otherwise, so two checkouts of the project
 * (git worktrees) can run their browser tests side by side on one machine.
 */
const PORT = Number(process.env.E2E_PORT ?? 4173);

/** Whether the cluster project can run here: Debian's nats-server and haproxy. */
const CLUSTER_TOOLS = [
  ['nats-server', '--version'],
  ['haproxy', '-v'],
].every(([command, flag]) => spawnSync(command!, [flag!], { stdio: 'ignore' }).status === 0);

export default defineConfig<{ backend: Backend }>({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two at once: the sim and server halves of the suite share the machine's two cores (each worker
  // has its own browser profile per test and, on the server project, its own demo server).
  workers: 2,
  // No retries: a test that passes only on its second try is a bug to fix, not to hide.
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1440, height: 900 },
    launchOptions: { executablePath: BROWSER, args: CHROMIUM_ARGS },
    trace: 'off',
    screenshot: 'only-on-failure',
    // The app's service worker precaches the whole build (4.3 MB, 334 files) after a page's load,
    // in every fresh profile, that is in every test: shell.spec.ts took 164 s with it and 132 s
    // without on the sim project here. Tests of the worker itself allow it (offline.spec.ts).
    serviceWorkers: 'block',
    // A person who asked for less motion: no flash behind each changed price, no shimmer, no slide
    // show (components.css, trade.css, home.css). The market tables flash on every tick, and the
    // suite is CPU-bound on 2 cores: markets, home and notice (sim) took 198 and 206 CPU-seconds
    // with it against 228 and 254 without (109/109 s against 119/133 s of wall time); trade.spec
    // the same either way (169 against 164). Tests of motion itself ask for it (home.spec.ts).
    reducedMotion: 'reduce',
  },
  // The suite runs twice: on the app's in-browser simulator, and with the app pointed at `npm run
  // server -- --demo` (issue 18 item 6; tests/e2e/fixtures.ts starts the server and points the app).
  projects: [
    // Specs named server-*.spec.ts need one exchange shared by several profiles: a server's.
    { name: 'sim', use: { backend: 'sim' }, testIgnore: /\/server-[^/]*\.spec\.ts$/ },
    // Tests of the views' own behaviour (fixtures.ts VIEWS_ONLY) run once, on the simulator.
    { name: 'server', use: { backend: 'server' }, grepInvert: /@views/ },
    // A few tests (tagged @cluster, fixtures.ts CLUSTER_TOO) through HAProxy, two gateways, NATS and
    // a core (tests/e2e/cluster-server.ts), where nats-server and haproxy are installed (.ci/run
    // installs both).
    ...(CLUSTER_TOOLS ? [{ name: 'cluster', use: { backend: 'cluster' as const }, grep: /@cluster/ }] : []),
  ],
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${PORT} --strictPort`,
    url: `http://127.0.0.1:${PORT}`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
