import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { isDemoSpeed, isGeneratorSeed, parseFeedClock, STEP_MS } from '../domain/replay.ts';
import type { AnswerOf } from '../api/catalogue.ts';

/** The market source and the clock as the simulator answers them (sim/replay). */
export type ReplayState = AnswerOf<'sim/replay'>;

/** One change asked of the simulator; each answers the state after it. */
export type ReplayCommand =
  | { kind: 'live'; seed: number }
  | { kind: 'feed'; feed: string }
  | { kind: 'file'; name: string; data: string }
  | { kind: 'speed'; speed: number }
  | { kind: 'seek'; ms: number }
  | { kind: 'step'; ms: number }
  | { kind: 'play' }
  | { kind: 'pause' };

/** What the panel refuses itself, before asking the simulator: keys of devtools.replay.*. */
export type ReplayInputError =
  'badSeed' | 'badSeekTime' | 'seekBeyondEnd' | 'fileUnreadable' | 'fileTooLarge';

export interface ReplayControlContext {
  replay: ReplayState | null;
  /** Simulated time now (ms): the latest push or answer, moved on by the machine's own tick. */
  now: number | null;
  /** How fast simulated time runs now (0 while paused). */
  rate: number;
  seedText: string;
  seekText: string;
  inputError: ReplayInputError | null;
  /** The simulator's (translated) reason for refusing the last change. */
  refusal: string | null;
}

export type ReplayControlEvent =
  | { type: 'CLOCK'; now: number; rate: number; speed: number; paused: boolean }
  | { type: 'CHOOSE_FEED'; feed: string }
  | { type: 'SEED_TYPED'; text: string }
  | { type: 'APPLY_SEED' }
  | { type: 'FILE_READ'; name: string; data: string }
  /** The view could not read the dropped file, or it is larger than a feed may be. */
  | { type: 'FILE_UNREADABLE'; tooLarge: boolean }
  | { type: 'SPEED'; speed: number }
  | { type: 'SEEK'; ms: number }
  | { type: 'SEEK_TYPED'; text: string }
  | { type: 'APPLY_SEEK' }
  | { type: 'STEP' }
  | { type: 'PLAY' }
  | { type: 'PAUSE' }
  | { type: 'RETRY' };

/** The machine's own tick: the position and simulated time shown move on once a second. */
export const REPLAY_TICK_MS = 1_000;

function commandOf(context: ReplayControlContext, event: ReplayControlEvent): ReplayCommand | null {
  switch (event.type) {
    case 'CHOOSE_FEED':
      return { kind: 'feed', feed: event.feed };
    case 'APPLY_SEED': {
      const text = context.seedText.trim();
      const seed = /^\d{1,10}$/.test(text) ? Number(text) : Number.NaN;
      return isGeneratorSeed(seed) ? { kind: 'live', seed } : null;
    }
    case 'FILE_READ':
      return { kind: 'file', name: event.name, data: event.data };
    case 'SPEED':
      return isDemoSpeed(event.speed) ? { kind: 'speed', speed: event.speed } : null;
    case 'SEEK':
      return seekable(context, event.ms) ? { kind: 'seek', ms: event.ms } : null;
    case 'APPLY_SEEK': {
      const ms = parseFeedClock(context.seekText);
      return ms !== null && seekable(context, ms) ? { kind: 'seek', ms } : null;
    }
    case 'STEP':
      return { kind: 'step', ms: STEP_MS };
    case 'PLAY':
      return { kind: 'play' };
    case 'PAUSE':
      return { kind: 'pause' };
    default:
      return null;
  }
}

function seekable(context: ReplayControlContext, ms: number): boolean {
  const duration = context.replay?.duration ?? 0;
  return Number.isInteger(ms) && ms >= 0 && ms < duration;
}

/** Why the panel refuses a command itself (the simulator would refuse it too). */
function inputErrorOf(context: ReplayControlContext, event: ReplayControlEvent): ReplayInputError | null {
  if (event.type === 'APPLY_SEED') return 'badSeed';
  if (event.type === 'APPLY_SEEK')
    return parseFeedClock(context.seekText) === null ? 'badSeekTime' : 'seekBeyondEnd';
  if (event.type === 'FILE_UNREADABLE') return event.tooLarge ? 'fileTooLarge' : 'fileUnreadable';
  return null;
}

const COMMANDS = [
  'CHOOSE_FEED',
  'APPLY_SEED',
  'FILE_READ',
  'SPEED',
  'SEEK',
  'APPLY_SEEK',
  'STEP',
  'PLAY',
  'PAUSE',
] as const;

/**
 * The developer menu's market replay (simulator only): loads the market source and the clock, then
 * sends one change at a time (choose the live generator with a seed, a shipped feed or a dropped
 * file; play, pause, step, speed, seek) and shows the simulator's answer. What the panel can tell
 * is wrong (a seed that is not a whole number, a time beyond the feed's end, a file it cannot
 * read) is refused here with a message and sends nothing. The clock pushes (SIM_CLOCK) keep every
 * tab's panel in step with the one clock, and the machine's own one-second tick moves the shown
 * time on at the pushed rate between them (standing still while paused).
 */
export const replayControlMachine = setup({
  types: {
    context: {} as ReplayControlContext,
    events: {} as ReplayControlEvent,
  },
  actors: {
    loadReplay: fromPromise<ReplayState>(async () => {
      throw new Error('loadReplay actor not provided');
    }),
    command: fromPromise<ReplayState, ReplayCommand>(async () => {
      throw new Error('command actor not provided');
    }),
    clockPushes: fromCallback<ReplayControlEvent>(() => () => undefined),
  },
  guards: {
    valid: ({ context, event }) => commandOf(context, event) !== null,
  },
  actions: {
    answered: assign((_, state: ReplayState) => ({
      replay: state,
      now: state.now,
      rate: state.paused === 1 ? 0 : state.speed,
      inputError: null,
      refusal: null,
    })),
    followClock: assign(({ context, event }) => {
      if (event.type !== 'CLOCK') return {};
      const replay = context.replay
        ? { ...context.replay, speed: event.speed, paused: event.paused ? (1 as const) : (0 as const) }
        : null;
      return { now: event.now, rate: event.rate, replay };
    }),
    tick: assign({
      now: ({ context }) => (context.now === null ? null : context.now + REPLAY_TICK_MS * context.rate),
    }),
    refuseInput: assign({ inputError: ({ context, event }) => inputErrorOf(context, event) }),
  },
}).createMachine({
  id: 'replayControl',
  context: {
    replay: null,
    now: null,
    rate: 1,
    seedText: '',
    seekText: '',
    inputError: null,
    refusal: null,
  },
  invoke: { src: 'clockPushes' },
  initial: 'loading',
  on: {
    CLOCK: { actions: 'followClock' },
    SEED_TYPED: { actions: assign({ seedText: ({ event }) => event.text, inputError: null }) },
    SEEK_TYPED: { actions: assign({ seekText: ({ event }) => event.text, inputError: null }) },
  },
  states: {
    loading: {
      invoke: {
        src: 'loadReplay',
        onDone: {
          target: 'ready',
          actions: [
            { type: 'answered', params: ({ event }) => event.output },
            assign({ seedText: ({ event }) => String(event.output.seed) }),
          ],
        },
        onError: 'unavailable',
      },
    },
    unavailable: {
      on: { RETRY: 'loading' },
    },
    ready: {
      after: {
        [REPLAY_TICK_MS]: { target: 'ready', reenter: true, actions: 'tick' },
      },
      on: {
        ...Object.fromEntries(
          COMMANDS.map((type) => [type, [{ guard: 'valid', target: 'working' }, { actions: 'refuseInput' }]]),
        ),
        FILE_UNREADABLE: { actions: 'refuseInput' },
      },
    },
    working: {
      invoke: {
        src: 'command',
        input: ({ context, event }) => commandOf(context, event)!,
        onDone: { target: 'ready', actions: { type: 'answered', params: ({ event }) => event.output } },
        onError: {
          target: 'ready',
          actions: assign({
            refusal: ({ event }) =>
              event.error instanceof Error ? event.error.message : String(event.error),
          }),
        },
      },
    },
  },
});
