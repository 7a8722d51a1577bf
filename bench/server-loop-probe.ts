import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * Loaded into the benchmarked server (`node --import` beside tsx, bench/server-process.ts), never
 * into a real one: it measures the server's own event-loop delay, which the client can only guess at
 * from its ping -> pong times. On each SIGUSR2 it writes what it measured since the last one to the
 * file named by TESSERA_BENCH_LOOP_FILE (one JSON object) and starts again, so the benchmark signals
 * once when the load starts and once when it ends and reads the load's own figures.
 */
const file = process.env.TESSERA_BENCH_LOOP_FILE;
if (file) {
  // 10 ms: the histogram's timer period, which every sample includes; the report takes it off.
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let signals = 0;
  process.on('SIGUSR2', () => {
    const ms = (nanoseconds: number) => nanoseconds / 1e6;
    const summary = {
      signal: ++signals,
      resolutionMs: 10,
      samples: delay.count,
      p50Ms: ms(delay.percentile(50)),
      p99Ms: ms(delay.percentile(99)),
      maxMs: ms(delay.max),
    };
    writeFileSync(file, JSON.stringify(summary));
    delay.reset();
  });
}
