import type { NumberText } from '../../../domain/number-locale.ts';
import { clockText, EXCHANGE_TIME_ZONE } from '../../../domain/time-zone.ts';
import { timeOf } from '../../../domain/spot/tape.ts';
import type { CompletedTrade } from '../../../streams/payloads.ts';
import { markPainted, setClass, setText } from './text-cells.ts';
import { TAPE_WAY_BUY, TAPE_WAY_SELL } from '../../../domain/contract-codes.ts';

interface TapeRow {
  row: HTMLElement;
  price: HTMLElement;
  number: HTMLElement;
  time: HTMLElement;
  trade: CompletedTrade | undefined;
}

/**
 * Paints the recent trades into the tape's fixed rows, newest on top. New trades arrive a few per
 * frame and push the others down: rather than rewriting every row's text, the rows at the bottom
 * (the oldest) move to the top and take the new trades, so a frame re-lays out only those rows.
 * Trades are recognised by identity: the tape feed keeps the objects it already listed.
 */
export function createTapePainter(
  body: HTMLElement,
  priceDecimals: number,
  numbers: NumberText,
  timeZone: string = EXCHANGE_TIME_ZONE,
): (trades: readonly CompletedTrade[], seq: number | null) => void {
  const rows: TapeRow[] = [...body.querySelectorAll<HTMLElement>('.tape-row')].map((row) => ({
    row,
    price: row.querySelector<HTMLElement>('.tape-price')!,
    number: row.querySelector<HTMLElement>('.tape-number')!,
    time: row.querySelector<HTMLElement>('.tape-time')!,
    trade: undefined,
  }));

  // The time of the last trade written, by its second: the trades of a frame mostly share one, and
  // each clockText call formats the time into parts anew.
  let clock = { second: Number.NaN, text: '' };
  const clockOf = (ms: number) => {
    const second = Math.floor(ms / 1000);
    if (second !== clock.second) clock = { second, text: clockText(ms, timeZone) };
    return clock.text;
  };

  const write = (cells: TapeRow, trade: CompletedTrade | undefined) => {
    cells.trade = trade;
    setClass(cells.row, 'empty', trade === undefined);
    setText(cells.price, trade ? numbers.fixed(trade.price, priceDecimals) : '');
    // The family's trades carry their quantity as `amount`; `number` is the same where both come.
    setText(cells.number, trade ? numbers.exact(trade.amount ?? trade.number) : '');
    setText(cells.time, trade ? clockOf(timeOf(trade)) : '');
    setClass(cells.price, 'up', trade?.way === TAPE_WAY_BUY);
    setClass(cells.price, 'down', trade?.way === TAPE_WAY_SELL);
  };

  return (trades, seq) => {
    const previousFirst = rows[0]?.trade;
    const fresh = previousFirst === undefined ? -1 : trades.indexOf(previousFirst);
    if (
      fresh > 0 &&
      fresh < rows.length &&
      trades.length === Math.min(rows.length, countShown(rows) + fresh)
    ) {
      // `fresh` new trades on top of the ones shown: recycle the bottom rows for them.
      const moved = rows.splice(rows.length - fresh, fresh);
      const first = rows[0]?.row ?? null;
      for (let i = 0; i < moved.length; i++) {
        const cells = moved[i]!;
        body.insertBefore(cells.row, first);
        write(cells, trades[i]);
      }
      rows.unshift(...moved);
    } else if (fresh !== 0) {
      // A snapshot, a pair's first trades, or more new trades than rows: write every row.
      for (let i = 0; i < rows.length; i++) write(rows[i]!, trades[i]);
    }
    markPainted(body, seq);
  };
}

function countShown(rows: readonly TapeRow[]): number {
  let count = 0;
  for (const row of rows) if (row.trade !== undefined) count++;
  return count;
}
