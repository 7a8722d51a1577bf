import { firstValueFrom } from 'rxjs';
import { lazySchema } from './lazy-schema.ts';

/**
 * The public channels' frame schemas of payloads.ts, each loaded with that module's chunk the first
 * time a stream decodes with it (zod and the entity schemas stay off the first paint).
 */
const payloads = () => import('./payloads.ts');

export const dayMarketFrame = lazySchema(() => payloads().then((m) => m.dayMarketFrame));
export const depthFrame = lazySchema(() => payloads().then((m) => m.depthFrame));
export const globalTxFrame = lazySchema(() => payloads().then((m) => m.globalTxFrame));
export const klineFrame = lazySchema(() => payloads().then((m) => m.klineFrame));
export const simClockFrame = lazySchema(() => payloads().then((m) => m.simClockFrame));
export const balanceFrame = lazySchema(() => payloads().then((m) => m.balanceFrame));

/**
 * Loads every schema above, so streams decode from their first frame on without waiting; the app
 * calls it once it has painted (main.tsx), and tests that push frames synchronously call it first.
 */
export async function loadFrameSchemas(): Promise<void> {
  await Promise.all([
    firstValueFrom(dayMarketFrame.schema$),
    firstValueFrom(depthFrame.schema$),
    firstValueFrom(globalTxFrame.schema$),
    firstValueFrom(klineFrame.schema$),
    firstValueFrom(simClockFrame.schema$),
    firstValueFrom(balanceFrame.schema$),
  ]);
}
