/**
 * bench:ui scenario "micro" (issue 14 item 8): /second?symbol=BTC/USDT with 200 running contracts
 * counting down at once on screen, under the storm.
 *
 * Set-up through the contract, as the demo user: sign in on the log-in form, move 1,000 USDT into
 * the micro account (account/transfer). Then two windows on the same screen, same speed, same storm:
 *
 *   1. a baseline with no running contract (the screen's clock ticks all the same);
 *   2. after buying 200 contracts of 600 s (microtrade/submit, 1 USDT each, alternately up and down)
 *      and reloading /second, which lists every running contract, scrolled into view.
 *
 * The storm runs at x10 (--micro-speed), not x60: a 600 s contract, the longest offered, lives 60 s
 * of real time at x10 and only 10 s at x60, less than the window. All 200 must still be counting
 * down at the end of the window, and the countdown must have moved.
 *
 * The screen has no order book and no tape, so the storm reaches it as KLINE frames (the chart);
 * at least 50 stamped frames a second must arrive.
 *
 * Targets (issue 14 item 8): no long task; the countdowns cost one timer, not 200: the page's timer
 * registrations a second (setTimeout and setInterval) and its timers live at once grow by less than
 * a tenth of the contracts over the baseline (a timer per contract would add 200 of each). The
 * timer figures of both windows are printed, with the busiest delays (the screen's one tick is the
 * `setTimeout 1000 ms`).
 */
import { MICRO_STATUS_RUNNING, MICRO_TYPE_DOWN, MICRO_TYPE_UP } from '../src/domain/contract-codes.ts';
import { freshPage, signIn, simCall, simCalls, tokenOf } from './launch.ts';
import { instrument } from './ui-instrument.ts';
import {
  detailRows,
  frameFigures,
  measure,
  pairNamed,
  STORM_INTERVAL_MS,
  STORM_MIN_PER_S,
  timerRows,
  type Scenario,
} from './ui-measure.ts';

const SYMBOL = 'BTC/USDT';
const CONTRACTS = 200;
const CONTRACT_SECONDS = 600;
const STAKE = '1';
const FUNDING = '1000';
const BASELINE_SECONDS = 10;
const BOOT = { timeout: 60_000 };

const COUNTDOWNS = '[data-testid="micro-countdown"]';

/** The whole seconds the first countdown on screen shows. */
function firstCountdown(): number {
  return Number(
    (document.querySelector('[data-testid="micro-countdown"]')?.textContent ?? '').replace(/\D/g, ''),
  );
}

export const microScenario: Scenario = async (context) => {
  const { context: browserContext, page, problems } = await freshPage(context.browser);
  const speed = context.speed;
  try {
    await page.addInitScript(instrument);
    const screen = `/second?symbol=${SYMBOL}`;
    await signIn(page, context.base, screen);
    await page.getByTestId('micro-form').waitFor(BOOT);
    const token = await tokenOf(page);
    const pair = await pairNamed(page, context.workerUrl, SYMBOL);
    await simCall(
      page,
      context.workerUrl,
      'account/transfer',
      { currency_id: pair.quote_currency_id, balance: FUNDING, from: 'change', to: 'micro' },
      token,
    );
    await page.getByTestId('micro-contracts').scrollIntoViewIfNeeded();
    const baseline = await measure(page, context, {
      speed,
      seconds: Math.min(BASELINE_SECONDS, context.seconds),
      name: 'micro-baseline',
    });

    await simCalls(
      page,
      context.workerUrl,
      Array.from({ length: CONTRACTS }, (_, index) => ({
        path: 'microtrade/submit',
        payload: {
          match_id: pair.id,
          currency_id: pair.quote_currency_id,
          type: index % 2 === 0 ? MICRO_TYPE_UP : MICRO_TYPE_DOWN,
          seconds: CONTRACT_SECONDS,
          number: STAKE,
        },
      })),
      token,
    );
    await page.reload();
    await page.waitForFunction(
      ({ selector, count }) => document.querySelectorAll(selector).length === count,
      { selector: COUNTDOWNS, count: CONTRACTS },
      BOOT,
    );
    await page.getByTestId('micro-contracts').scrollIntoViewIfNeeded();
    const before = await page.evaluate(firstCountdown);
    const loaded = await measure(page, context, { speed, seconds: context.seconds, name: 'micro' });
    const after = await page.evaluate(firstCountdown);
    const counting = await page.locator(COUNTDOWNS).count();
    // What the server says the same (newest) contract has left, to check the countdown against.
    const [newest] = (await simCalls(
      page,
      context.workerUrl,
      [
        {
          path: 'microtrade/lists',
          payload: { match_id: pair.id, page: 1, limit: 1, status: MICRO_STATUS_RUNNING },
          method: 'GET',
        },
      ],
      token,
    )) as Array<{ data: Array<{ remain_milli_seconds: number }> }>;
    const serverLeft = Math.ceil((newest?.data[0]?.remain_milli_seconds ?? 0) / 1000);

    const frames = frameFigures(
      loaded,
      `x${speed}, storm every ${STORM_INTERVAL_MS} ms, /second ${SYMBOL} signed in, ${CONTRACTS} running contracts`,
    );
    const rate = (recording: typeof loaded) =>
      (recording.timers.registered.setTimeout + recording.timers.registered.setInterval) / recording.seconds;
    const extraRate = rate(loaded) - rate(baseline);
    const extraLive = loaded.timers.liveMax - baseline.timers.liveMax;
    const timersOk = extraRate < CONTRACTS / 10 && extraLive < CONTRACTS / 10;
    const report: Array<[string, string]> = [
      ...frames.rows,
      [
        'countdowns on screen',
        `${counting} of ${CONTRACTS} at the end; the first went ${before} s -> ${after} s ` +
          `(the server: ${serverLeft} s left just after)`,
      ],
      ...timerRows(baseline.timers, baseline.seconds, `(0 running, ${baseline.seconds.toFixed(0)} s)`),
      [
        '  long tasks / p95 frame (0 running)',
        `${baseline.longTasks.length} / ${frameFigures(baseline, '').frameP95.toFixed(1)} ms`,
      ],
      ...timerRows(loaded.timers, loaded.seconds, `(${CONTRACTS} running)`),
      [
        `timers added by ${CONTRACTS} countdowns`,
        `${extraRate.toFixed(1)} registrations / s, ${extraLive} live at once (one timer each would add ${CONTRACTS})`,
      ],
      ...detailRows(loaded, context.detail),
    ];
    if (problems.length > 0) report.push(['page errors', problems.join('; ')]);
    const countingOk = counting === CONTRACTS && after < before;
    // The screen has no book and no tape: the storm reaches it as KLINE frames.
    const stormOk = frames.stampedPerSecond >= STORM_MIN_PER_S;
    const ok = stormOk && frames.longTasks === 0 && timersOk && countingOk && problems.length === 0;
    return {
      rows: report,
      ok,
      verdict:
        `long tasks ${frames.longTasks}, p95 frame ${frames.frameP95.toFixed(1)} ms, ` +
        `${counting} countdowns add ${extraRate.toFixed(1)} timers / s and ${extraLive} live timers` +
        `${countingOk ? '' : ' (countdowns not all running)'}${stormOk ? '' : ' (storm below 50 frames/s)'}`,
    };
  } finally {
    await browserContext.close();
  }
};
