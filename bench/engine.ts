/**
 * Matching-engine benchmark: Tessera's OrderBook against nodejs-order-book, same seeded command
 * streams, one process.
 *
 * 1. Correctness gate: every stream is replayed through both books; the unfilled lots of every
 *    command and the full list of resting orders (id, side, price, remaining lots, in priority
 *    order) at checkpoints must match. Any difference exits with status 1.
 * 2. Scenarios (see engine-streams.ts): steady mix, deep queues, sweeps, new levels, time in force
 *    (IOC, FOK and post-only limit orders in the steady mix), OCO (groups whose stops trigger and
 *    whose legs cancel each other, as the book sees them). Per scenario:
 *    median throughput over several repetitions (the prefill that builds the starting book is not
 *    timed), p99 latency per command measured over 64-command batches (one hrtime call per batch,
 *    so the timer's own cost does not swamp a 100 ns command), and heap bytes per resting order.
 *
 * Run: npm run bench:engine. The last line is `engine ratio steady-mix: N.N` (ours / theirs).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { OurContender, TheirContender, type Contender, type RestingSnapshot } from './engine-contenders';
import {
  commandMix,
  deepQueues,
  newLevels,
  oco,
  steadyMix,
  sweeps,
  timeInForce,
  type OrderStream,
} from './engine-streams';

const LATENCY_BATCH = 64;

interface ScenarioPlan {
  stream: OrderStream;
  oursRepetitions: number;
  theirsRepetitions: number;
}

interface Measurement {
  opsPerSecond: number;
  p99NanosPerOp: number;
  bytesPerRestingOrder: number;
}

/** `global.gc` without restarting node: allow the flag at run time and fetch gc from a fresh context. */
function loadGc(): () => void {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (existing) return existing;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}
const gc = loadGc();

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function sameResting(left: RestingSnapshot[], right: RestingSnapshot[]): string | null {
  if (left.length !== right.length) return `resting count ${left.length} vs ${right.length}`;
  for (let i = 0; i < left.length; i++) {
    const a = left[i]!;
    const b = right[i]!;
    if (a.id !== b.id || a.side !== b.side || a.price !== b.price || a.lots !== b.lots) {
      return `resting #${i}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`;
    }
  }
  return null;
}

/** Replays `stream` through both books command by command; returns a description of the first difference. */
function gate(stream: OrderStream, commands: number, checkpointEvery: number): string | null {
  const ours = new OurContender();
  const theirs = new TheirContender();
  const end = Math.min(stream.length, commands);
  for (let i = 0; i < end; i++) {
    const oursLeft = ours.applyOne(stream, i);
    const theirsLeft = theirs.applyOne(stream, i);
    if (oursLeft !== theirsLeft) return `command ${i}: unfilled ${oursLeft} vs ${theirsLeft}`;
    if ((i + 1) % checkpointEvery === 0 || i === end - 1) {
      const difference = sameResting(ours.resting(), theirs.resting());
      if (difference !== null) return `after command ${i}: ${difference}`;
    }
  }
  return null;
}

function timedRun(contender: Contender, stream: OrderStream): number {
  contender.reset();
  contender.apply(stream, 0, stream.prefill);
  const start = process.hrtime.bigint();
  contender.apply(stream, stream.prefill, stream.length);
  const nanos = Number(process.hrtime.bigint() - start);
  return ((stream.length - stream.prefill) * 1e9) / nanos;
}

function p99Latency(contender: Contender, stream: OrderStream): number {
  contender.reset();
  contender.apply(stream, 0, stream.prefill);
  const perOp: number[] = [];
  for (let from = stream.prefill; from + LATENCY_BATCH <= stream.length; from += LATENCY_BATCH) {
    const start = process.hrtime.bigint();
    contender.apply(stream, from, from + LATENCY_BATCH);
    perOp.push(Number(process.hrtime.bigint() - start) / LATENCY_BATCH);
  }
  perOp.sort((a, b) => a - b);
  return perOp[Math.min(perOp.length - 1, Math.floor(perOp.length * 0.99))]!;
}

/**
 * Heap plus typed-array (ArrayBuffer) memory held by the book the prefill builds, per resting order.
 * Ours counts its whole pools, which grow by doubling, so up to half of the slots may be spare.
 */
function bytesPerResting(contender: Contender, stream: OrderStream, restingOrders: number): number {
  contender.discard();
  gc();
  gc();
  const before = process.memoryUsage();
  contender.reset();
  contender.apply(stream, 0, stream.prefill);
  gc();
  gc();
  const after = process.memoryUsage(); // the contender still holds the book here
  const used = after.heapUsed + after.arrayBuffers - (before.heapUsed + before.arrayBuffers);
  return used / restingOrders;
}

function measure(contender: Contender, stream: OrderStream, repetitions: number): Measurement {
  const runs: number[] = [];
  for (let i = 0; i < repetitions; i++) runs.push(timedRun(contender, stream));
  const counter = new OurContender();
  counter.apply(stream, 0, stream.prefill);
  const restingAfterPrefill = counter.resting().length;
  return {
    opsPerSecond: median(runs),
    p99NanosPerOp: p99Latency(contender, stream),
    bytesPerRestingOrder: bytesPerResting(contender, stream, restingAfterPrefill),
  };
}

function formatRate(opsPerSecond: number): string {
  return opsPerSecond >= 1e6
    ? `${(opsPerSecond / 1e6).toFixed(2)} M ops/s`
    : `${(opsPerSecond / 1e3).toFixed(0)} k ops/s`;
}

function percent(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}

function main(): void {
  const started = performance.now();
  const seed = 20240611;
  const plans: ScenarioPlan[] = [
    { stream: steadyMix(seed, 300_000), oursRepetitions: 21, theirsRepetitions: 3 },
    { stream: deepQueues(seed + 1, 20_000), oursRepetitions: 21, theirsRepetitions: 3 },
    { stream: sweeps(seed + 2, 200_000), oursRepetitions: 15, theirsRepetitions: 3 },
    { stream: newLevels(seed + 3, 200_000), oursRepetitions: 21, theirsRepetitions: 3 },
    { stream: timeInForce(seed + 4, 300_000), oursRepetitions: 21, theirsRepetitions: 3 },
    { stream: oco(seed + 5, 300_000), oursRepetitions: 21, theirsRepetitions: 3 },
  ];

  console.log(
    `node ${process.version}; streams generated in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  console.log('correctness gate (unfilled lots per command, resting orders in priority order):');
  const gateStreams = [
    { ...steadyMix(seed + 100, 30_000), name: 'steady-mix (second seed)' },
    ...plans.map((plan) => plan.stream),
  ];
  for (const stream of gateStreams) {
    const commands = Math.min(stream.length, stream.prefill + 20_000);
    const difference = gate(stream, commands, 2_000);
    if (difference !== null) {
      console.error(`  ${stream.name}: MISMATCH ${difference}`);
      process.exit(1);
    }
    console.log(`  ${stream.name}: ${commands} commands identical`);
  }

  const ours = new OurContender();
  const theirs = new TheirContender();
  let steadyRatio = NaN;
  for (const { stream, oursRepetitions, theirsRepetitions } of plans) {
    const mix = commandMix(stream);
    console.log(
      `\n${stream.name}: ${stream.length - stream.prefill} timed commands after a ${stream.prefill}-command prefill ` +
        `(limit ${percent(mix.limit)}, market ${percent(mix.market)}, cancel ${percent(mix.cancel)}` +
        `${mix.options > 0 ? `, IOC/FOK/post-only ${percent(mix.options)}` : ''})`,
    );
    if (stream.note) console.log(`  ${stream.note}`);
    const our = measure(ours, stream, oursRepetitions);
    const their = measure(theirs, stream, theirsRepetitions);
    const ratio = our.opsPerSecond / their.opsPerSecond;
    for (const [name, result, repetitions] of [
      ['tessera          ', our, oursRepetitions],
      ['nodejs-order-book', their, theirsRepetitions],
    ] as const) {
      console.log(
        `  ${name}  median ${formatRate(result.opsPerSecond).padStart(14)} (${repetitions} runs)` +
          `  p99 ${result.p99NanosPerOp.toFixed(0).padStart(6)} ns/op` +
          `  ${result.bytesPerRestingOrder.toFixed(0).padStart(5)} B/resting order`,
      );
    }
    console.log(`  ratio ours/theirs ${ratio.toFixed(1)}`);
    if (stream.name === 'steady-mix') steadyRatio = ratio;
  }
  console.log(`\ntotal ${((performance.now() - started) / 1000).toFixed(1)} s`);
  console.log(`engine ratio steady-mix: ${steadyRatio.toFixed(1)}`);
}

main();
