/**
 * How the micro screen writes its numbers and moments. Pure: the page passes the language and zone.
 */

/** A decimal text without trailing zeros ("100.00000000" -> "100", "0.50" -> "0.5", "0.00" -> "0"). */
export function trimmedDecimal(text: string): string {
  if (!text.includes('.')) return text;
  return text.replace(/\.?0+$/, '') || '0';
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment as the time of day to the second (a proof trade's time), in the language's way (its
 * BCP 47 tag) and the time zone the chart shows, so it reads the same as the candles it is checked on.
 */
export function clockText(ms: number, tag: string, timeZone: string): string {
  const key = `${tag}|${timeZone}`;
  let format = clockFormats.get(key);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(tag, {
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZone,
    });
    clockFormats.set(key, format);
  }
  return format.format(ms);
}
