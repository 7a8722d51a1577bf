/**
 * bench:ui scenario "spot": the trade screen /trade?symbol=BTC/USDT (signed out) under the storm at
 * the x60 demo speed. Targets: no long task; p95 frame <= 16.7 ms (plus 0.2 ms of rAF clock
 * jitter); p95 push-to-paint within one frame: every MARKET_DEPTH and GLOBAL_TX push is painted by
 * the first animation frame that starts after it arrives (the book's and the tape's `data-seq`).
 */
import { freshPage } from './launch.ts';
import { instrument } from './ui-instrument.ts';
import {
  detailRows,
  frameFigures,
  FRAME_TARGET_MS,
  measure,
  pushFigures,
  STORM_INTERVAL_MS,
  type Scenario,
} from './ui-measure.ts';

const SYMBOL = 'BTC/USDT';

export const spotScenario: Scenario = async (context) => {
  const { context: browserContext, page, problems } = await freshPage(context.browser);
  try {
    await page.addInitScript(instrument);
    await page.goto(`${context.base}/trade?symbol=${SYMBOL}`);
    await page.waitForFunction(
      () => /\d/.test(document.querySelector('[data-testid="book-bid-0"]')?.getAttribute('data-price') ?? ''),
      undefined,
      { timeout: 60_000 },
    );
    const recording = await measure(page, context, {
      speed: context.speed,
      seconds: context.seconds,
      name: 'spot',
    });

    const frames = frameFigures(
      recording,
      `x${context.speed}, storm every ${STORM_INTERVAL_MS} ms, /trade ${SYMBOL} signed out`,
    );
    const pushes = pushFigures(recording, [
      { label: 'depth', type: 'MARKET_DEPTH', painted: (sample) => sample.book },
      { label: 'trades', type: 'GLOBAL_TX', painted: (sample) => sample.tape },
    ]);
    const rows = [...frames.rows, ...pushes.rows, ...detailRows(recording, context.detail)];
    if (problems.length > 0) rows.push(['page errors', problems.join('; ')]);
    const ok =
      frames.stormOk &&
      frames.longTasks === 0 &&
      frames.frameP95 <= FRAME_TARGET_MS &&
      pushes.framesP95 <= 1 &&
      problems.length === 0;
    return {
      rows,
      ok,
      verdict:
        `long tasks ${frames.longTasks}, p95 frame ${frames.frameP95.toFixed(1)} ms, ` +
        `p95 push-to-paint ${pushes.msP95.toFixed(1)} ms = ${pushes.framesP95} frame${pushes.framesP95 === 1 ? '' : 's'}` +
        `${frames.stormOk ? '' : ' (storm below 50/s)'}`,
    };
  } finally {
    await browserContext.close();
  }
};
