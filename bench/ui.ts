/**
 * Frame-time benchmark of the trading screens under a market storm: `npm run bench:ui [-- options]`.
 *
 * It builds the app into its own directory (unless --no-build), serves that production bundle with
 * `vite preview` on its own port, and runs each scenario in a fresh Chromium context (its own
 * simulator) with the simulator's storm on (sim/bench: market frames every 15 ms, each stamped with
 * a sequence number `seq`). What is measured in the page: bench/ui-instrument.ts.
 *
 *   spot   /trade?symbol=BTC/USDT signed out, at x60 (bench/ui-spot.ts): no long task, p95 frame
 *          <= 16.7 ms, every depth and trade push painted by the next frame.
 * Each window also prints what the page's main thread allocated and its GCs (bench/ui-memory.ts):
 * figures the machine's load does not move, where a long task under load may be the load's.
 *   lever  /lever with 100 open positions repricing on every trade, at x60 (bench/ui-lever.ts,
 *          issue 13 item 10): no long task, p95 frame <= 16.7 ms.
 *   micro  /second with 200 running contracts counting down, at x10 (bench/ui-micro.ts, issue 14
 *          item 8): no long task, and the countdowns cost one timer, not 200.
 *
 * Options: --scenario=spot|lever|micro|all (default all), --seconds=30 (each window),
 * --speed=60 (spot and lever), --micro-speed=10, --no-build, --detail (render times, each long
 * task), --profile (a CPU profile of each window, on an unminified build: bench/ui-profile.ts),
 * --quiet-load=N (before each scenario, wait up to 10 minutes for a load average below N),
 * --out-dir=DIR (build into, or with --no-build serve, DIR: to compare two builds of a change),
 * --port=N (the preview server's port, default 4175: another checkout's benchmark may hold it),
 * --nice=N (run the browser at scheduling priority N: on a machine busy with other work, -10 keeps
 * that work from taking the page's cores mid-frame; say so beside the figures).
 * Prints the figures of each scenario and one PASS or FAIL line each; exits 1 when a target is
 * missed.
 */
import { loadavg, setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, launchChromium, numberOption, serve, textOption, workerUrlIn } from './launch.ts';
import { leverScenario } from './ui-lever.ts';
import { printRows, type Scenario } from './ui-measure.ts';
import { microScenario } from './ui-micro.ts';
import { spotScenario } from './ui-spot.ts';

const PORT = 4175;
/** Its own build: other work may rebuild dist/ while the benchmark serves it. */
const OUT_DIR = join(tmpdir(), 'tessera-bench-ui');

const SCENARIOS: Record<string, { run: Scenario; speedOption: string; speed: number }> = {
  spot: { run: spotScenario, speedOption: 'speed', speed: 60 },
  lever: { run: leverScenario, speedOption: 'speed', speed: 60 },
  micro: { run: microScenario, speedOption: 'micro-speed', speed: 10 },
};

/**
 * With --quiet-load=N: waits (up to 10 minutes) until the machine's one-minute load average is
 * below N, so a scenario does not measure other work's use of the cores.
 */
async function waitForQuiet(limit: number): Promise<void> {
  if (!(limit > 0)) return;
  const until = Date.now() + 600_000;
  const started = Date.now();
  while (loadavg()[0]! >= limit && Date.now() < until)
    await new Promise((resolve) => setTimeout(resolve, 5_000));
  const waited = Math.round((Date.now() - started) / 1000);
  if (waited > 0)
    console.log(`(waited ${waited} s for a load average below ${limit}: now ${loadavg()[0]!.toFixed(2)})`);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const chosen = textOption(args, 'scenario', 'all');
  const names = chosen === 'all' ? Object.keys(SCENARIOS) : [chosen];
  const unknown = names.filter((name) => !(name in SCENARIOS));
  if (unknown.length > 0)
    throw new Error(`unknown scenario ${unknown.join(', ')}: spot, lever, micro or all`);
  const seconds = numberOption(args, 'seconds', 30);
  // --nice=N: the benchmark, and the browser it launches after this, at scheduling priority N
  // (negative: ahead of the machine's other work; root only). Printed with the figures.
  const nice = numberOption(args, 'nice', 0);
  if (nice !== 0) {
    setPriority(nice);
    console.log(`(the benchmark and its browser run at nice ${nice})`);
  }

  // A profile wants the functions' names: its own build, not minified.
  const profile = args.includes('--profile');
  const outDir = textOption(args, 'out-dir', profile ? `${OUT_DIR}-profile` : OUT_DIR);
  if (!args.includes('--no-build')) buildApp(outDir, { minify: !profile });
  const workerUrl = workerUrlIn(outDir);
  const server = await serve(outDir, numberOption(args, 'port', PORT));
  const browser = await launchChromium();
  const verdicts: string[] = [];
  let failed = false;
  try {
    for (const name of names) {
      const scenario = SCENARIOS[name]!;
      console.log(`\n== ${name}`);
      await waitForQuiet(numberOption(args, 'quiet-load', 0));
      const result = await scenario.run({
        browser,
        base: server.base,
        workerUrl,
        seconds,
        speed: numberOption(args, scenario.speedOption, scenario.speed),
        detail: args.includes('--detail'),
        profile,
      });
      printRows(result.rows);
      const line = `bench:ui ${name} ${result.ok ? 'PASS' : 'FAIL'}: ${result.verdict}`;
      console.log(line);
      verdicts.push(line);
      failed ||= !result.ok;
    }
  } finally {
    await browser.close();
    server.stop();
  }
  if (names.length > 1) console.log(`\n${verdicts.join('\n')}`);
  process.exitCode = failed ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
