import { assetIndex } from './assets.ts';
import type { RecordedFeed } from './recorded-feed.ts';
import type { ReferenceGenerator } from './reference-generator.ts';
import { pairPrice } from './reference-source.ts';

export interface GeneratorRecording {
  /** The pair to record, e.g. "BTC/USDT". */
  symbol: string;
  /** First tick (ms) and how long to record. */
  start: number;
  durationMs: number;
  /** Time between ticks; default one second. */
  stepMs?: number;
  /** Decimals the prices are rounded to. */
  priceDecimals: number;
}

/** Samples the generator's reference price of one pair into a feed. */
export function recordFromGenerator(
  generator: ReferenceGenerator,
  recording: GeneratorRecording,
): RecordedFeed {
  const [baseCode = '', quoteCode = ''] = recording.symbol.split('/');
  const base = assetIndex(baseCode);
  const quote = assetIndex(quoteCode);
  if (base < 0) throw new RangeError(`the generator does not price ${baseCode}`);
  if (quote < 0 && quoteCode !== 'USDT') throw new RangeError(`the generator does not price ${quoteCode}`);
  const step = recording.stepMs ?? 1_000;
  const count = Math.floor(recording.durationMs / step) + 1;
  const scale = 10 ** recording.priceDecimals;
  const times = new Float64Array(count);
  const prices = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const t = recording.start + i * step;
    times[i] = t;
    prices[i] = Math.round(pairPrice(generator, base, quote, t) * scale) / scale;
  }
  return {
    header: {
      symbol: recording.symbol,
      source: `generator seed=${generator.seed} epoch=${new Date(generator.epoch).toISOString()}`,
      priceDecimals: recording.priceDecimals,
    },
    times,
    prices,
  };
}
