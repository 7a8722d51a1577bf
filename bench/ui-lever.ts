/**
 * bench:ui scenario "lever" (issue 13 item 10): /lever?symbol=BTC/USDT with 100 open positions whose
 * PnL reprices on every trade, under the storm at the x60 demo speed.
 *
 * Set-up through the contract, as the demo user: sign in on the log-in form, move 5,000 USDT into
 * the lever account (account/transfer), open 100 one-lot market positions at x100 on the pair
 * (lever/submit), alternately long and short so the book is hedged and the storm's moves liquidate
 * nothing, give each a take-profit and a stop-loss 1 % away (lever/setstop: the chart draws the
 * newest positions' lines, issue 32 item 3), then reload /lever, choose the panel's open-positions tab where it has one, and scroll
 * the panel into view. The panel shows what its page holds: the live PnL cells on screen are
 * counted and printed; the server (lever/deal) must still hold all 100 open at the end.
 *
 * Targets (issue 13 item 10): no long task; p95 frame <= 16.7 ms (plus 0.2 ms of rAF jitter).
 * Printed besides: push-to-paint of the order book (its `data-seq`) and of the PnL: the first
 * PnL cell on screen is read after every paint, turned back into the mark it was computed from
 * (mark = entry +- PnL / quantity), and a trade push counts as painted once a paint shows its price
 * or a newer push's. All 100 positions must still be open at the end of the window.
 */
import { LEVER_PRICE_MARKET, LEVER_TYPE_LONG, LEVER_TYPE_SHORT } from '../src/domain/contract-codes.ts';
import { freshPage, signIn, simCall, simCalls, tokenOf } from './launch.ts';
import { instrument, type PaintSample, type Recording } from './ui-instrument.ts';
import {
  detailRows,
  frameFigures,
  FRAME_TARGET_MS,
  measure,
  pairNamed,
  pushFigures,
  STORM_INTERVAL_MS,
  type Scenario,
} from './ui-measure.ts';

const SYMBOL = 'BTC/USDT';
const POSITIONS = 100;
const MULTIPLE = 100;
const FUNDING = '5000';
const BOOT = { timeout: 60_000 };
/** Take-profit and stop-loss this far (%) from each entry: beyond the storm's moves, so none fires. */
const STOP_PERCENT = 1;
/** The chart's drag grips of take-profit and stop-loss lines (ChartLineGrips). */
const GRIPS = '[data-testid="chart-grips"] [data-grip]';
/** The PnL cells the panel paints live from the last trade (open positions of the pair on screen). */
const PNL_CELLS = '[data-pnl-id]';

interface OpenedPosition {
  id: number;
  type: number;
  price: string;
  number: string;
}

/**
 * The mark a position's PnL cell was painted from: PnL = (mark - entry) x quantity for a long,
 * (entry - mark) x quantity for a short, so mark = entry +- PnL / quantity (exact to the price tick
 * for one lot: the cell shows 4 decimals of 0.01 BTC).
 */
function markOf(position: OpenedPosition, pnlText: string): number | null {
  const pnl = Number(pnlText.replace(/[^\d.-]/g, ''));
  if (pnlText.trim() === '' || !Number.isFinite(pnl)) return null;
  const sign = position.type === LEVER_TYPE_LONG ? 1 : -1;
  return Number(position.price) + (sign * pnl) / Number(position.number);
}

/** For each paint: the newest trade push whose price the probed PnL shows (0: none yet). */
function pnlPainted(recording: Recording, position: OpenedPosition): (sample: PaintSample) => number {
  const tape = recording.arrivals.filter((item) => item.type === 'GLOBAL_TX');
  return (sample) => {
    const mark = markOf(position, sample.probe);
    if (mark === null) return 0;
    let seq = 0;
    for (const arrival of tape) {
      if (arrival.t > sample.t) break;
      // Half a BTC/USDT price tick (0.01): float noise is far below it.
      if (Math.abs(Number(arrival.price) - mark) < 0.005) seq = arrival.seq;
    }
    return seq;
  };
}

export const leverScenario: Scenario = async (context) => {
  const { context: browserContext, page, problems } = await freshPage(context.browser);
  try {
    await page.addInitScript(instrument);
    const screen = `/lever?symbol=${SYMBOL}`;
    await signIn(page, context.base, screen);
    await page.getByTestId('lever-page').waitFor(BOOT);
    const token = await tokenOf(page);
    const pair = await pairNamed(page, context.workerUrl, SYMBOL);
    await simCall(
      page,
      context.workerUrl,
      'account/transfer',
      { currency_id: pair.quote_currency_id, balance: FUNDING, from: 'change', to: 'lever' },
      token,
    );
    const opened = (await simCalls(
      page,
      context.workerUrl,
      Array.from({ length: POSITIONS }, (_, index) => ({
        path: 'lever/submit',
        payload: {
          share: 1,
          multiple: MULTIPLE,
          currency_match_id: pair.id,
          type: index % 2 === 0 ? LEVER_TYPE_LONG : LEVER_TYPE_SHORT,
          status: LEVER_PRICE_MARKET,
        },
      })),
      token,
    )) as OpenedPosition[];

    // Every position gets a take-profit and a stop-loss STOP_PERCENT from its entry: its chart lines
    // (issue 32 item 3: the newest LEVER_MARKED_POSITIONS positions' entry, TP, SL and liquidation
    // lines, TP and SL with their drag grips) are drawn under the storm too.
    await simCalls(
      page,
      context.workerUrl,
      opened.map((position) => {
        const entry = Number(position.price);
        const up = (entry * (1 + STOP_PERCENT / 100)).toFixed(2);
        const down = (entry * (1 - STOP_PERCENT / 100)).toFixed(2);
        const long = position.type === LEVER_TYPE_LONG;
        return {
          path: 'lever/setstop',
          payload: {
            id: position.id,
            target_profit_price: long ? up : down,
            stop_loss_price: long ? down : up,
          },
        };
      }),
      token,
    );

    await page.reload();
    await page.getByTestId('lever-positions').waitFor(BOOT);
    await page
      .locator(GRIPS)
      .first()
      .waitFor({ ...BOOT, state: 'attached' });
    // The open positions' tab, where the panel has one (else it shows them already).
    const openTab = page.getByTestId('lever-tab-open');
    if ((await openTab.count()) > 0) await openTab.click();
    await page.locator(PNL_CELLS).first().waitFor(BOOT);
    await page.waitForTimeout(1_000);
    await page.getByTestId('lever-positions').scrollIntoViewIfNeeded();
    const onScreen = await page.$$eval(PNL_CELLS, (cells) =>
      cells.map((cell) => Number((cell as HTMLElement).dataset.pnlId)),
    );
    const probe = opened.find((position) => position.id === onScreen[0]);
    if (!probe)
      throw new Error(`the PnL cell on screen (${onScreen[0]}) is not a position the benchmark opened`);
    const recording = await measure(page, context, {
      speed: context.speed,
      seconds: context.seconds,
      probe: `[data-pnl-id="${probe.id}"]`,
      name: 'lever',
    });
    const cellsAfter = await page.locator(PNL_CELLS).count();
    const grips = await page.locator(GRIPS).count();
    const lines = await page.evaluate(
      () => document.querySelectorAll('[data-testid="chart-grips"] [data-grip]:not([hidden])').length,
    );
    const deal = (await simCall(
      page,
      context.workerUrl,
      'lever/deal',
      { currency_match_id: pair.id },
      token,
    )) as { my_transaction: unknown[] };
    const stillOpen = deal.my_transaction.length;

    const frames = frameFigures(
      recording,
      `x${context.speed}, storm every ${STORM_INTERVAL_MS} ms, /lever ${SYMBOL} signed in, ` +
        `${POSITIONS} positions (1 lot x${MULTIPLE}, half long, half short, TP and SL ${STOP_PERCENT} % away)`,
    );
    const pushes = pushFigures(recording, [
      { label: 'depth', type: 'MARKET_DEPTH', painted: (sample) => sample.book },
      { label: 'trades (PnL)', type: 'GLOBAL_TX', painted: pnlPainted(recording, probe) },
    ]);
    const leverPushes = recording.frameCounts.LEVER_TRADE ?? 0;
    const report: Array<[string, string]> = [
      ...frames.rows,
      ...pushes.rows,
      [
        'open positions',
        `${stillOpen} of ${POSITIONS} at the end (lever/deal); live PnL cells on screen ${onScreen.length} ` +
          `before, ${cellsAfter} after (the panel's page); LEVER_TRADE pushes ${(leverPushes / recording.seconds).toFixed(1)} / s`,
      ],
      [
        'chart lines',
        `TP and SL grips ${grips} (${lines} in the price axis's view at the end), for the newest positions' lines`,
      ],
      ...detailRows(recording, context.detail),
    ];
    if (problems.length > 0) report.push(['page errors', problems.join('; ')]);
    const ok =
      frames.stormOk &&
      frames.longTasks === 0 &&
      frames.frameP95 <= FRAME_TARGET_MS &&
      stillOpen === POSITIONS &&
      cellsAfter > 0 &&
      grips > 0 &&
      problems.length === 0;
    return {
      rows: report,
      ok,
      verdict:
        `long tasks ${frames.longTasks}, p95 frame ${frames.frameP95.toFixed(1)} ms, ` +
        `${stillOpen} positions repricing, p95 push-to-paint ${pushes.msP95.toFixed(1)} ms = ${pushes.framesP95} frame${pushes.framesP95 === 1 ? '' : 's'}` +
        `${frames.stormOk ? '' : ' (storm below 50/s)'}`,
    };
  } finally {
    await browserContext.close();
  }
};
