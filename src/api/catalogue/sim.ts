import { z } from 'zod';
import { decimal, empty, flag, id, num, text } from '../fields.ts';
import { call, type CallSpec } from './kit.ts';
import { depositAnswer } from './wallet.ts';
import { DEPOSIT_MAX } from '../../domain/wallet/deposit-amount.ts';
import {
  CODE_PURPOSE_BIND_ADDRESS,
  CODE_PURPOSE_BIND_EMAIL,
  CODE_PURPOSE_FORGOT_PASSWORD,
  CODE_PURPOSE_LOGIN,
  CODE_PURPOSE_PAY_PASSWORD,
  CODE_PURPOSE_REGISTER,
} from '../../domain/contract-codes.ts';

/**
 * Calls only the simulator answers (a real server answers them with code 0). They sit in the
 * catalogue beside the feature they serve, so each group is exported on its own.
 */

/** One message of the simulator's demo outbox: a code, or a notice that no account uses the address. */
const outboxMessage = z.object({
  id,
  channel: z.enum(['sms', 'email']),
  to: text,
  purpose: z.union([
    z.literal(CODE_PURPOSE_REGISTER),
    z.literal(CODE_PURPOSE_FORGOT_PASSWORD),
    z.literal(CODE_PURPOSE_PAY_PASSWORD),
    z.literal(CODE_PURPOSE_BIND_EMAIL),
    z.literal(CODE_PURPOSE_LOGIN),
    z.literal(CODE_PURPOSE_BIND_ADDRESS),
  ]),
  kind: z.enum(['code', 'no_account', 'address_added']),
  code: text,
  at: z.number(),
  /** The recipient's anti-phishing code ('' when they set none, or nobody uses the address). */
  anti_phishing: text.default(''),
});

/** The demo outbox of codes that the simulator pretends to send (beside notify/send_*). */
export const simOutboxCalls = {
  'notify/outbox': call({
    method: 'GET',
    path: 'notify/outbox',
    auth: false,
    summary:
      'Simulator only: the demo outbox. Nothing is really sent, so codes are filed under the ' +
      'outbox_key the sending tab passed (a random secret it keeps) and the tab polls for them here',
    payload: z.object({ key: text, after: num(z.number().int().min(0)).default(0) }),
    answer: z.array(outboxMessage),
  }),
} satisfies Record<string, CallSpec>;

/** A demo speed: x0.5, or a whole number from 1 to 60 (domain/replay.ts). */
const demoSpeed = z.number().min(0.5).max(60);

/** A feed the market source chooser offers: shipped with the app, or a file dropped in. */
const feedChoice = z.object({
  name: text,
  symbol: text,
  duration: z.number().min(0),
  kind: z.enum(['shipped', 'file']),
});

/** The market source and the replay's time control, as every sim/replay* call answers them. */
const replayState = z.object({
  source: z.enum(['live', 'feed']),
  seed: z.number().int().min(0),
  feed: text.nullable(),
  symbol: text.nullable(),
  duration: z.number().min(0),
  position: z.number().min(0),
  seek_at: z.number(),
  now: z.number(),
  speed: demoSpeed,
  paused: flag,
  feeds: z.array(feedChoice),
});

/** Demo time (beside the market). */
export const simClockCalls = {
  'sim/speed': call({
    method: 'GET',
    path: 'sim/speed',
    auth: false,
    summary: 'Simulated seconds per real second (0.5, or 1 to 60)',
    payload: empty,
    answer: z.object({ speed: demoSpeed }),
  }),
  'sim/set_speed': call({
    method: 'POST',
    path: 'sim/set_speed',
    auth: false,
    summary: 'Set the simulation speed: 0.5 or a whole number from 1 to 60, else code 0',
    payload: z.object({ speed: z.number() }),
    answer: z.object({ speed: demoSpeed }),
  }),
  'sim/replay': call({
    method: 'GET',
    path: 'sim/replay',
    auth: false,
    summary:
      'The market source (the live generator and its seed, or a recorded feed: its pair, span, and ' +
      'position ms at simulated time seek_at, playing on with the clock and wrapping at duration), ' +
      'the clock (now, speed, paused) and the feeds to choose from',
    payload: empty,
    answer: replayState,
  }),
  'sim/replay_source': call({
    method: 'POST',
    path: 'sim/replay_source',
    auth: false,
    summary:
      'Choose the market source: source live with a seed (a whole number 0 to 2147483647; the market ' +
      'follows it from now, without a jump), or source feed with a feed name from sim/replay, played ' +
      'from its start; kept across reloads. Answers the new state, else code 0',
    payload: z.object({
      source: z.enum(['live', 'feed']),
      seed: z.number().optional(),
      feed: text.optional(),
    }),
    answer: replayState,
  }),
  'sim/replay_file': call({
    method: 'POST',
    path: 'sim/replay_file',
    auth: false,
    summary:
      'Replay a recorded-feed file (.feed.gz, base64 in data, at most 4,000,000 characters) of a ' +
      'listed pair: checked, stored as "file:<name>" and chosen. A file that is not a valid feed ' +
      'answers code 0 and changes nothing',
    payload: z.object({ name: text, data: text }),
    answer: replayState,
  }),
  'sim/replay_control': call({
    method: 'POST',
    path: 'sim/replay_control',
    auth: false,
    summary:
      'The one simulated clock and the feed: play, pause (simulated time stands still everywhere), ' +
      'step (moves the clock on by ms, 1 to 3600000, default 1000), seek (moves the playing feed ' +
      'to ms after its first tick, below its duration). Answers the new state, else code 0',
    payload: z.object({
      action: z.enum(['play', 'pause', 'step', 'seek']),
      ms: z.number().optional(),
    }),
    answer: replayState,
  }),
  'sim/skip': call({
    method: 'POST',
    path: 'sim/skip',
    auth: false,
    summary:
      'Jump simulated time forward by a whole number of hours (1 to 240), else code 0; answers the new simulated time',
    payload: z.object({ hours: z.number() }),
    answer: z.object({ now: z.number() }),
  }),
} satisfies Record<string, CallSpec>;

/** A load generator for the spot screen's frame-time benchmark, bench/ui.ts (beside spot). */
export const simBenchCalls = {
  'sim/bench': call({
    method: 'POST',
    path: 'sim/bench',
    auth: false,
    summary:
      'Simulator only: storm 1 publishes market frames every interval_ms (default 15) instead of ' +
      'every 100 ms, stamping each frame with a sequence number seq; storm 0 returns to normal',
    payload: z.object({
      storm: flag,
      interval_ms: z.number().int().min(5).max(100).optional(),
    }),
    answer: z.object({ storm: flag, interval_ms: z.number().int() }),
  }),
} satisfies Record<string, CallSpec>;

/** Demo deposits (beside the wallet): nothing arrives from a real chain, so the user sends one here. */
export const simWalletCalls = {
  'sim/deposit': call({
    method: 'POST',
    path: 'sim/deposit',
    auth: true,
    toast: true,
    summary:
      "Simulator only: an incoming transfer of number to the user's deposit address on a chain. It is " +
      'pending until its first confirmation, then credited, and withdrawable after 6 (simulated clock); ' +
      'below the minimum it is recorded and never credited. number is more than 0, has at most 8 ' +
      `decimals and is at most ${DEPOSIT_MAX} of the coin, read exactly; anything else is refused ` +
      '(code 0, nothing recorded)',
    payload: z.object({
      currency_id: id,
      currency_protocol_id: id.optional(),
      number: decimal,
    }),
    answer: depositAnswer,
  }),
} satisfies Record<string, CallSpec>;
