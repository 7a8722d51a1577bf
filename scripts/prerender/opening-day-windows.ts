/**
 * The build's fold of a fresh exchange's opening day (scripts/prerender/plugin.ts runs it before
 * bundling and compiles its output into the worker as VITE_OPENING_DAY_WINDOWS).
 *
 * Run: tsx scripts/prerender/opening-day-windows.ts <openingAt ms>   (writes the JSON to stdout)
 */
import { freshOpeningDayWindows } from '../../src/sim/fresh-opening-day-windows.ts';

const openingAt = Number(process.argv[2]);
if (!Number.isSafeInteger(openingAt) || openingAt <= 0) {
  console.error('usage: tsx scripts/prerender/opening-day-windows.ts <openingAt ms>');
  process.exit(2);
}
process.stdout.write(JSON.stringify(await freshOpeningDayWindows(openingAt)));
