import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CURRENCIES } from '../market/currencies.ts';

/**
 * The coin logos a server serves, by the path its answers name them at (`/coins/btc.svg`), read once
 * from `dir`. Only the listed currencies' logos are in it, so no request path can reach any other
 * file (`/coins/../package.json` is not a key).
 */
export function loadCoinLogos(dir: string): ReadonlyMap<string, Uint8Array> {
  const logos = new Map<string, Uint8Array>();
  for (const currency of CURRENCIES) {
    const name = currency.logo.split('/').pop()!;
    logos.set(currency.logo, readFileSync(join(dir, name)));
  }
  return logos;
}
