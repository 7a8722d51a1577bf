import { describe, expect, it } from 'vitest';
import { ASSETS, assetIndex } from '../../../../src/sim/feeds/assets.ts';
import { DAY_MS, MINUTE_MS, ReferenceGenerator } from '../../../../src/sim/feeds/reference-generator.ts';

const DAY0 = Date.UTC(2026, 5, 1);

function logReturns(values: readonly number[]): number[] {
  return values.slice(1).map((value, i) => value - values[i]!);
}

function correlation(a: readonly number[], b: readonly number[]): number {
  const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const ma = mean(a);
  const mb = mean(b);
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  a.forEach((x, i) => {
    const y = b[i]!;
    sab += (x - ma) * (y - mb);
    saa += (x - ma) ** 2;
    sbb += (y - mb) ** 2;
  });
  return sab / Math.sqrt(saa * sbb);
}

function kurtosis(xs: readonly number[]): number {
  const m = xs.reduce((s, x) => s + x, 0) / xs.length;
  const v = xs.reduce((s, x) => s + (x - m) ** 2, 0) / xs.length;
  return xs.reduce((s, x) => s + (x - m) ** 4, 0) / xs.length / (v * v);
}

describe('the reference generator', () => {
  const generator = new ReferenceGenerator();
  const btc = assetIndex('BTC');

  it('is a pure function of the seed and the time, whatever was asked before', () => {
    const t = DAY0 + 12_345_678;
    const fresh = new ReferenceGenerator();
    const warmed = new ReferenceGenerator();
    for (let day = 0; day < 50; day++) warmed.logUsd(btc, DAY0 - day * DAY_MS);
    for (const asset of ASSETS.keys()) expect(warmed.logUsd(asset, t)).toBe(fresh.logUsd(asset, t));
    expect(new ReferenceGenerator({ seed: 2 }).logUsd(btc, t)).not.toBe(fresh.logUsd(btc, t));
  });

  it('is continuous across seconds, minutes and days', () => {
    for (const t of [DAY0, DAY0 + MINUTE_MS, DAY0 + 7 * MINUTE_MS + 59_000]) {
      const before = generator.logUsd(btc, t - 1);
      const after = generator.logUsd(btc, t);
      expect(Math.abs(after - before)).toBeLessThan(0.002);
    }
    // Minute boundaries of the second path sit exactly on the day path.
    expect(generator.logUsd(btc, DAY0 + 5 * MINUTE_MS)).toBeCloseTo(
      generator.minuteLogUsd(btc, DAY0 / MINUTE_MS + 5),
      12,
    );
  });

  it('prices the dollar at exactly one', () => {
    expect(generator.logUsd(-1, DAY0)).toBe(0);
  });

  it('moves altcoins with BTC (betas 0.6-1.4) and gives BTC a realistic daily volatility', () => {
    const minutes = 3 * 1440;
    const path = (asset: number) =>
      Array.from({ length: minutes + 1 }, (_, m) => generator.minuteLogUsd(asset, DAY0 / MINUTE_MS + m));
    const btcReturns = logReturns(path(btc));
    for (const code of ['ETH', 'DOGE', 'BIB']) {
      const own = logReturns(path(assetIndex(code)));
      const beta =
        own.reduce((s, r, i) => s + r * btcReturns[i]!, 0) / btcReturns.reduce((s, r) => s + r * r, 0);
      expect(beta).toBeGreaterThan(0.5);
      expect(beta).toBeLessThan(1.5);
      expect(correlation(own, btcReturns)).toBeGreaterThan(0.5);
    }
    const dailySd = Math.sqrt(btcReturns.reduce((s, r) => s + r * r, 0) / 3);
    expect(dailySd).toBeGreaterThan(0.008);
    expect(dailySd).toBeLessThan(0.08);
  });

  it('has fat-tailed seconds and clustered minute volatility', () => {
    const seconds = Array.from({ length: 4 * 3600 }, (_, s) => generator.logUsd(btc, DAY0 + s * 1000));
    expect(kurtosis(logReturns(seconds))).toBeGreaterThan(4);
    const minutes = logReturns(
      Array.from({ length: 10 * 1440 }, (_, m) => generator.minuteLogUsd(btc, DAY0 / MINUTE_MS + m)),
    );
    const sizes = minutes.map((r) => Math.abs(r));
    // GARCH: large moves follow large moves, so the sizes of moves are autocorrelated. (Sizes, not
    // squares: a square is dominated by the day's one jump, and that made the measure a coin toss
    // across seeds, 0.002 to 0.2; the sizes' autocorrelation is 0.1-0.25 on every seed tried.)
    expect(correlation(sizes.slice(1), sizes.slice(0, -1))).toBeGreaterThan(0.05);
  });

  it('jumps about once a day by 0.4 to 1.2 percent', () => {
    let jumps = 0;
    const days = 60;
    for (let day = 0; day < days; day++) {
      const first = DAY0 / MINUTE_MS + day * 1440;
      for (let m = 0; m < 1440; m++) {
        const r = generator.minuteLogUsd(btc, first + m + 1) - generator.minuteLogUsd(btc, first + m);
        if (Math.abs(r) > 0.004) jumps++;
      }
    }
    expect(jumps / days).toBeGreaterThan(0.4);
    expect(jumps / days).toBeLessThan(2.5);
  });

  it('keeps prices within a sane band for years (slow reversion to the base price)', () => {
    let widest = 0;
    for (let day = 0; day < 4 * 365; day += 7) {
      for (const asset of ASSETS.keys()) {
        const base = Math.log(ASSETS[asset]!.basePrice);
        widest = Math.max(
          widest,
          Math.abs(generator.minuteLogUsd(asset, Date.UTC(2025, 0, 1) / MINUTE_MS + day * 1440) - base),
        );
      }
    }
    // Within a factor of about 4.5 of the base price either way.
    expect(widest).toBeLessThan(1.5);
  });
});
