/**
 * Socket frames as they cross the wire (DESIGN.md "The contract", spec §7 "Live socket").
 *
 * Client -> server: `{type:'login', params:<token>}`, `{type:'sub'|'unsub', params:<channel>}` and
 * `{type:'ping'}`. Server -> client: a flat object whose `type` is the channel's base name, plus
 * `symbol` for the per-pair channels. This file knows names and routing only; the typed payloads
 * of the public channels live in payloads.ts.
 */
import { klineChannelName } from '../api/kline-channels.ts';

/** Channels that exist once per socket: the all-pairs quotes and the owner's private pushes. */
export const GLOBAL_CHANNELS = [
  'DAY_MARKET',
  'TX_MATCHED',
  'TX_SUBMIT',
  'LEVER_TRADE',
  'LEVER_CLOSED',
  'MICRO_CLOSED',
  // A P2P order of the user's changed: only its buyer and seller hear it.
  'OTC_ORDER',
  // One of the user's price alerts fired (a Tessera addition).
  'PRICE_ALERT',
  // The owner's balance of one account and currency, after every movement of it (wallet).
  'BALANCE',
  // Simulator only (a real server never sends it): the demo clock's speed and simulated time.
  'SIM_CLOCK',
] as const;

/** Channels that exist once per pair, named `<BASE>.<symbol>` (e.g. `MARKET_DEPTH.BTC/USDT`). */
export const PAIR_CHANNELS = ['MARKET_DEPTH', 'GLOBAL_TX', 'KLINE'] as const;

export type GlobalChannel = (typeof GLOBAL_CHANNELS)[number];
export type PairChannel = (typeof PAIR_CHANNELS)[number];
export type ChannelName = GlobalChannel | `${PairChannel}.${string}`;

/**
 * A decoded server frame. Only `type` is guaranteed; everything else is checked by whoever reads
 * it (payloads.ts), because a frame's shape depends on its channel.
 */
export type Frame = {
  readonly type: string;
  readonly symbol?: string;
  readonly [field: string]: unknown;
};

export type ClientMessage =
  | { readonly type: 'login'; readonly params: string }
  | { readonly type: 'sub' | 'unsub'; readonly params: ChannelName }
  | { readonly type: 'ping' };

const globalChannels: ReadonlySet<string> = new Set(GLOBAL_CHANNELS);
const pairChannels: ReadonlySet<string> = new Set(PAIR_CHANNELS);

function isGlobalChannel(type: string): type is GlobalChannel {
  return globalChannels.has(type);
}

function isPairChannel(type: string): type is PairChannel {
  return pairChannels.has(type);
}

export function pairChannel(base: PairChannel, symbol: string): ChannelName {
  return `${base}.${symbol}`;
}

/**
 * The channel a server frame belongs to, or null for frames no channel owns (`pong`, unknown
 * types, a per-pair frame without its symbol). Global frames ignore `symbol`: DAY_MARKET and the
 * private pushes carry one per pair, yet they arrive on the single channel of that name.
 */
export function channelOf(frame: Frame): ChannelName | null {
  const { type, symbol } = frame;
  if (isGlobalChannel(type)) return type;
  if (isPairChannel(type) && typeof symbol === 'string' && symbol !== '') {
    // Candles go to the channel of their period, whichever channel the server sent them on.
    const period = type === 'KLINE' ? (frame.kline as { period?: unknown } | undefined)?.period : undefined;
    return typeof period === 'string' && period !== ''
      ? klineChannelName(symbol, period)
      : pairChannel(type, symbol);
  }
  return null;
}

/**
 * Decodes one socket message. Anything that is not a JSON object with a string `type` becomes
 * null, so one garbled frame is dropped instead of erroring the socket stream (and with it
 * every channel on the page).
 */
export function decodeFrame(data: unknown): Frame | null {
  if (typeof data !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { type, symbol } = value as { type?: unknown; symbol?: unknown };
  if (typeof type !== 'string') return null;
  if (symbol !== undefined && typeof symbol !== 'string') return null;
  return value as Frame;
}
