import { findCallSpec } from '../api/call-specs.ts';
import type { CallSpec } from '../api/catalogue.ts';
import { marketCalls } from '../api/catalogue/market.ts';

/**
 * How the first stage's server finds a request's call (server.ts CallLookup). The market's calls
 * are part of the first stage's own script: every first answer is one (serve-port.ts EARLY_CALLS),
 * and an answer that had to load their schemas first waited 100-300 ms on a busy machine, behind
 * the second stage's modules. Every other area's schemas load when one of its calls is first
 * asked (api/call-specs.ts), by then mostly with the second stage, which needs them all: the
 * worker's script no longer evaluates the whole catalogue before its market can open (its
 * script: 115 KB, and 99 KB of zod and the kit, instead of 250 KB).
 */
export function firstStageCalls(path: string): CallSpec | undefined | Promise<CallSpec | undefined> {
  return Object.hasOwn(marketCalls, path)
    ? (marketCalls as Record<string, CallSpec>)[path]
    : findCallSpec(path);
}
