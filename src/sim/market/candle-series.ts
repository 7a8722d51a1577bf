import { mergeLater, type Candle } from './candle.ts';
import { barStart, DAY_MS, minutesPerBar, MINUTE_MS, nextBarStart, type KlinePeriod } from './periods.ts';
import type { TradeSink } from './trade.ts';

const MINUTES_PER_DAY = 1440;
/** Synthesised-only days kept in memory per pair; older ones are dropped and re-synthesised if asked. */
const SYNTHETIC_DAYS_KEPT = 40;
/**
 * Live days whose one-minute bars stay in memory: today and the days before it, enough for the
 * longest one-minute chart market/kline serves (MAX_KLINE_BARS = 5,000 minutes, 3.5 days). An
 * older live day keeps its day bar (folded from its trades, exact) and its minutes are dropped;
 * if they are asked for again they are synthesised from the reference the live market followed,
 * like history. A day of bars is about 65 kB per pair: without this, about 1 MB per simulated day.
 */
export const LIVE_DAYS_KEPT = 5;

/** One UTC day of one-minute bars, as parallel typed arrays (a day is 1440 slots, ~40 kB). */
class DayBars {
  readonly open = new Float64Array(MINUTES_PER_DAY);
  readonly high = new Float64Array(MINUTES_PER_DAY);
  readonly low = new Float64Array(MINUTES_PER_DAY);
  readonly close = new Float64Array(MINUTES_PER_DAY);
  readonly volume = new Float64Array(MINUTES_PER_DAY);
  readonly turnover = new Float64Array(MINUTES_PER_DAY);
  readonly trades = new Uint32Array(MINUTES_PER_DAY);
  /** 1 once a synthetic minute's trades are in (a synthetic minute is synthesised once). */
  readonly synthesised = new Uint8Array(MINUTES_PER_DAY);

  add(slot: number, price: number, lots: number): void {
    if (this.trades[slot] === 0) {
      this.open[slot] = this.high[slot] = this.low[slot] = price;
    } else {
      if (price > this.high[slot]!) this.high[slot] = price;
      if (price < this.low[slot]!) this.low[slot] = price;
    }
    this.close[slot] = price;
    this.volume[slot] = this.volume[slot]! + lots;
    this.turnover[slot] = this.turnover[slot]! + price * lots;
    this.trades[slot] = this.trades[slot]! + 1;
  }
}

export interface CandleSeriesOptions {
  /** First instant with history (a UTC midnight); nothing exists before it. */
  historyStart: number;
  /** When the live market started: earlier minutes are synthesised, later ones hold live trades. */
  liveStart: number;
  /** Emits the synthesised trades of one minute (minutes since the Unix epoch) in time order. */
  synthesize: (minuteIndex: number, sink: TradeSink) => void;
}

/**
 * A pair's candles: one-minute bars built from trades, and every longer period aggregated from
 * them. Minutes before the live start (and minutes the live market skipped, see `markGap`) are
 * synthesised lazily, the first time anything reads them; minutes after it hold the live trades.
 */
export class CandleSeries {
  private readonly days = new Map<number, DayBars>();
  /** Whole days whose bars can no longer change, folded once. */
  private readonly dayCandles = new Map<number, Candle | null>();
  private readonly historyStartMinute: number;
  private readonly liveStartMinute: number;
  /** Minutes before this were live but have been dropped (see LIVE_DAYS_KEPT): synthesised again. */
  private droppedBeforeMinute: number;
  /** Minute ranges [from, to) after the live start that are synthesised instead of live. */
  private readonly gaps: Array<[number, number]> = [];
  private readonly synthesize: CandleSeriesOptions['synthesize'];
  /** The fold of the minutes [from, end) of the last rolling bar asked for (see rollingBar). */
  private closedWindow: { from: number; end: number; bar: Candle | undefined } | null = null;

  constructor(options: CandleSeriesOptions) {
    if (options.historyStart % DAY_MS !== 0) throw new RangeError('historyStart must be a UTC midnight');
    this.historyStartMinute = options.historyStart / MINUTE_MS;
    this.liveStartMinute = Math.floor(options.liveStart / MINUTE_MS);
    this.droppedBeforeMinute = this.liveStartMinute;
    this.synthesize = options.synthesize;
  }

  get historyStart(): number {
    return this.historyStartMinute * MINUTE_MS;
  }

  /** Records a live trade; its time must not be earlier than the live start. */
  addLive(time: number, price: number, lots: number): void {
    const minute = Math.floor(time / MINUTE_MS);
    if (minute < this.liveStartMinute) throw new RangeError(`live trade at ${time} precedes the live start`);
    const day = Math.floor(minute / MINUTES_PER_DAY);
    this.day(day).add(minute - day * MINUTES_PER_DAY, price, lots);
    if (this.closedWindow && minute < this.closedWindow.end) this.closedWindow = null;
    if (day - LIVE_DAYS_KEPT >= Math.floor(this.droppedBeforeMinute / MINUTES_PER_DAY)) {
      this.dropOldLiveDays(day);
    }
  }

  /** Days whose bars are in memory (live and synthesised): bounded, see LIVE_DAYS_KEPT. */
  residentDays(): number {
    return this.days.size;
  }

  /**
   * The live market skipped from `from` to `to` (ms), e.g. after the tab slept: the whole minutes
   * strictly between the two are synthesised like history, so the chart has no hole.
   */
  markGap(from: number, to: number): void {
    const first = Math.floor(from / MINUTE_MS) + 1;
    const end = Math.floor(to / MINUTE_MS);
    if (end > first) this.gaps.push([first, end]);
    this.closedWindow = null;
  }

  /** The bar of one minute, or undefined if no trade happened in it. */
  minuteBar(minute: number): Candle | undefined {
    return this.foldMinutes(minute, minute + 1);
  }

  /** One bar folded from the minutes [fromMinute, toMinute), or undefined if they hold no trade. */
  foldMinutes(fromMinute: number, toMinute: number, into?: Candle): Candle | undefined {
    let bar = into;
    let minute = Math.max(fromMinute, this.historyStartMinute);
    while (minute < toMinute) {
      const day = Math.floor(minute / MINUTES_PER_DAY);
      const dayEnd = (day + 1) * MINUTES_PER_DAY;
      const stop = Math.min(toMinute, dayEnd);
      const bars = this.readyDay(day, minute, stop);
      if (bars) {
        for (
          let slot = minute - day * MINUTES_PER_DAY, last = stop - day * MINUTES_PER_DAY;
          slot < last;
          slot++
        ) {
          const trades = bars.trades[slot]!;
          if (trades === 0) continue;
          if (!bar) {
            bar = {
              time: (day * MINUTES_PER_DAY + slot) * MINUTE_MS,
              open: bars.open[slot]!,
              high: bars.high[slot]!,
              low: bars.low[slot]!,
              close: bars.close[slot]!,
              volume: bars.volume[slot]!,
              turnover: bars.turnover[slot]!,
              trades,
            };
            continue;
          }
          // mergeLater, inlined: this loop runs over every minute of a 24 h window per pair.
          if (bars.high[slot]! > bar.high) bar.high = bars.high[slot]!;
          if (bars.low[slot]! < bar.low) bar.low = bars.low[slot]!;
          bar.close = bars.close[slot]!;
          bar.volume += bars.volume[slot]!;
          bar.turnover += bars.turnover[slot]!;
          bar.trades += trades;
        }
      }
      minute = stop;
    }
    return bar;
  }

  /**
   * The bar of the `minutes` minutes that end with `minute` (the 24 h rolling bar of the quotes):
   * foldMinutes(minute - minutes + 1, minute + 1). Every quote of every pair asked for it, and each
   * folded 1,440 minutes (8 % of the server's busy time under bench:server's reading users). The
   * minutes before `minute` take no more trades once it has begun (a live trade lands in the minute
   * of its time, and time only moves on), so their fold is kept until `minute` changes, and only the
   * minute now is folded in on each call. A live trade in an earlier minute, or a gap marked, drops it.
   */
  rollingBar(minute: number, minutes: number): Candle | undefined {
    const from = minute - minutes + 1;
    let closed = this.closedWindow;
    if (closed?.from !== from || closed.end !== minute) {
      closed = this.closedWindow = { from, end: minute, bar: this.foldMinutes(from, minute) };
    }
    return this.foldMinutes(minute, minute + 1, closed.bar ? { ...closed.bar } : undefined);
  }

  /**
   * The fold rollingBar(minute, minutes) keeps of the minutes before `minute`: what the build
   * writes down for a fresh exchange's opening minute (opening-day-windows.ts). A copy.
   */
  settledRollingBar(minute: number, minutes: number): Candle | undefined {
    this.rollingBar(minute, minutes);
    const bar = this.closedWindow?.bar;
    return bar ? { ...bar } : undefined;
  }

  /**
   * Takes `bar` as the fold of the minutes before `minute` that rollingBar(minute, minutes) keeps,
   * so its first call does not synthesise them: the build folded the same minutes of the same
   * seeded history (opening-day-windows.ts). Only where none of them can hold a live trade (all
   * before the live start) and nothing was kept yet; returns whether it was taken.
   */
  adoptSettledRollingBar(minute: number, minutes: number, bar: Candle | undefined): boolean {
    if (this.closedWindow !== null || minute > this.liveStartMinute) return false;
    this.closedWindow = { from: minute - minutes + 1, end: minute, bar: bar ? { ...bar } : undefined };
    return true;
  }

  /**
   * Bars of `period` whose open time lies in [barStart(from), to], up to `now` (ms), oldest first.
   * Bars without trades are left out.
   */
  bars(period: KlinePeriod, from: number, to: number, now: number): Candle[] {
    const out: Candle[] = [];
    const last = Math.min(to, now);
    for (let start = barStart(period, Math.max(from, this.historyStart)); start <= last;) {
      const end = nextBarStart(period, start);
      const bar = this.barBetween(period, start, end, now);
      if (bar) out.push(bar);
      start = end;
    }
    return out;
  }

  /** The bar of `period` containing `t`, as of `now`; undefined if it holds no trade yet. */
  barAt(period: KlinePeriod, t: number, now: number): Candle | undefined {
    const start = barStart(period, t);
    return this.barBetween(period, start, nextBarStart(period, start), now);
  }

  private barBetween(period: KlinePeriod, start: number, end: number, now: number): Candle | undefined {
    const nowMinute = Math.floor(now / MINUTE_MS);
    let bar: Candle | undefined;
    if (minutesPerBar(period) !== undefined) {
      bar = this.foldMinutes(start / MINUTE_MS, Math.min(end / MINUTE_MS, nowMinute + 1));
    } else {
      for (let day = start / DAY_MS; day < end / DAY_MS && day * DAY_MS <= now; day++) {
        const piece = this.dayCandle(day, now);
        if (!piece) continue;
        if (bar) mergeLater(bar, piece);
        else bar = { ...piece };
      }
    }
    if (bar) bar.time = start;
    return bar;
  }

  /** A whole UTC day's bar (cached once the day is over), or its part up to `now` for today. */
  private dayCandle(day: number, now: number): Candle | undefined {
    const dayEndMs = (day + 1) * DAY_MS;
    if (dayEndMs > now) {
      return this.foldMinutes(day * MINUTES_PER_DAY, Math.floor(now / MINUTE_MS) + 1);
    }
    let cached = this.dayCandles.get(day);
    if (cached === undefined) {
      cached = this.foldMinutes(day * MINUTES_PER_DAY, (day + 1) * MINUTES_PER_DAY) ?? null;
      this.dayCandles.set(day, cached);
    }
    return cached ?? undefined;
  }

  private isSynthetic(minute: number): boolean {
    if (minute < this.droppedBeforeMinute) return true;
    for (const [from, to] of this.gaps) if (minute >= from && minute < to) return true;
    return false;
  }

  /** The day's bars with every synthetic minute in [from, to) synthesised; undefined if none exist. */
  private readyDay(day: number, from: number, to: number): DayBars | undefined {
    let bars = this.days.get(day);
    let slot = 0;
    let sink: TradeSink | undefined;
    for (let minute = from; minute < to; minute++) {
      if (!this.isSynthetic(minute)) continue;
      const target = (bars ??= this.day(day));
      slot = minute - day * MINUTES_PER_DAY;
      if (target.synthesised[slot] === 1) continue;
      target.synthesised[slot] = 1;
      // One sink per day, reading the current slot: no closure per minute.
      sink ??= (_time, price, lots) => target.add(slot, price, lots);
      this.synthesize(minute, sink);
    }
    return bars;
  }

  private day(day: number): DayBars {
    let bars = this.days.get(day);
    if (bars) {
      // Refresh the day's place in the age order so busy days stay.
      this.days.delete(day);
      this.days.set(day, bars);
      return bars;
    }
    bars = new DayBars();
    this.days.set(day, bars);
    this.dropOldSyntheticDays();
    return bars;
  }

  /** Forgets the least recently used days that hold synthesised minutes only: they can be rebuilt. */
  private dropOldSyntheticDays(): void {
    let synthetic = 0;
    for (const day of this.days.keys()) if (this.isSyntheticOnly(day)) synthetic++;
    for (const day of this.days.keys()) {
      if (synthetic <= SYNTHETIC_DAYS_KEPT) break;
      if (!this.isSyntheticOnly(day)) continue;
      this.days.delete(day);
      synthetic--;
    }
  }

  private isSyntheticOnly(day: number): boolean {
    return (day + 1) * MINUTES_PER_DAY <= this.droppedBeforeMinute;
  }

  /**
   * Drops the one-minute bars of live days older than the LIVE_DAYS_KEPT days up to `today`, after
   * folding each into its day bar (kept: the daily, weekly and monthly charts stay exact).
   */
  private dropOldLiveDays(today: number): void {
    for (
      let day = Math.floor(this.droppedBeforeMinute / MINUTES_PER_DAY);
      day <= today - LIVE_DAYS_KEPT;
      day++
    ) {
      const dayEnd = (day + 1) * MINUTES_PER_DAY;
      if (!this.dayCandles.has(day)) {
        this.dayCandles.set(day, this.foldMinutes(day * MINUTES_PER_DAY, dayEnd) ?? null);
      }
      this.days.delete(day);
      this.droppedBeforeMinute = dayEnd;
    }
  }
}
