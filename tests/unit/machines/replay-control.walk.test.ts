import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isDemoSpeed, isGeneratorSeed, STEP_MS } from '../../../src/domain/replay.ts';
import {
  REPLAY_TICK_MS,
  replayControlMachine,
  type ReplayCommand,
  type ReplayControlEvent,
  type ReplayState,
} from '../../../src/machines/replay-control.machine.ts';
import { declaredStates, fold, spawned, walk, type InternalEvent } from './walk-kit.ts';

const LOADED = 'xstate.done.actor.0.replayControl.loading';
const LOAD_FAILED = 'xstate.error.actor.0.replayControl.loading';
const ANSWERED = 'xstate.done.actor.0.replayControl.working';
const REFUSED = 'xstate.error.actor.0.replayControl.working';
const TICK = `xstate.after.${REPLAY_TICK_MS}.replayControl.ready`;

const HOUR = 3_600_000;

function state(overrides: Partial<ReplayState> = {}): ReplayState {
  return {
    source: 'feed',
    seed: 20_250_101,
    feed: 'crash-rebound',
    symbol: 'BTC/USDT',
    duration: 6 * HOUR,
    position: 0,
    seek_at: 1_000_000,
    now: 1_000_000,
    speed: 1,
    paused: 0,
    feeds: [],
    ...overrides,
  };
}

/** The command a step sent to the simulator, if it entered `working`. */
function sentCommand(effects: Parameters<typeof spawned>[0]): ReplayCommand | undefined {
  return spawned(effects).find((child) => child.src === 'command')?.input as ReplayCommand | undefined;
}

describe('replay control machine: transition walk', () => {
  it('reaches every state: loading, unavailable, ready, working', () => {
    // Paused answers: the tick then leaves the context as it is, so the graph stays finite.
    const result = walk(replayControlMachine, {
      events: [
        { type: LOADED, output: state({ paused: 1 }) },
        { type: LOAD_FAILED, error: new Error('offline') },
        { type: 'RETRY' },
        { type: 'PAUSE' },
        { type: ANSWERED, output: state({ paused: 1 }) },
        { type: REFUSED, error: new Error('refused') },
        { type: TICK },
      ],
    });
    expect(result.unsupplied).toEqual([]);
    expect(result.reached).toEqual(new Set(declaredStates(replayControlMachine)));
    expect(result.route((snapshot) => snapshot.matches('working'))).toEqual(['xstate.init', LOADED, 'PAUSE']);
    expect(result.route((snapshot) => snapshot.matches('unavailable'))).toEqual(['xstate.init', LOAD_FAILED]);
  });

  it('sends what the panel reads, exactly, and refuses what it cannot (sending nothing)', () => {
    const run = (events: Array<ReplayControlEvent | InternalEvent>) =>
      fold(replayControlMachine, undefined, [{ type: LOADED, output: state() }, ...events]).steps.slice(1);
    const typedSeed = run([{ type: 'SEED_TYPED', text: ' 42 ' }, { type: 'APPLY_SEED' }]);
    expect(sentCommand(typedSeed[1]!.effects)).toEqual({ kind: 'live', seed: 42 });
    for (const text of ['4.2', '-1', 'abc', '', '99999999999', '4,2']) {
      const [, apply] = run([{ type: 'SEED_TYPED', text }, { type: 'APPLY_SEED' }]);
      expect(sentCommand(apply!.effects), text).toBeUndefined();
      expect(apply!.after.context.inputError).toBe('badSeed');
    }
    const seek = run([{ type: 'SEEK_TYPED', text: '2:00:00' }, { type: 'APPLY_SEEK' }]);
    expect(sentCommand(seek[1]!.effects)).toEqual({ kind: 'seek', ms: 2 * HOUR });
    const beyond = run([{ type: 'SEEK_TYPED', text: '6:00:00' }, { type: 'APPLY_SEEK' }]);
    expect(beyond[1]!.after.context.inputError).toBe('seekBeyondEnd');
    const garbled = run([{ type: 'SEEK_TYPED', text: '1h30' }, { type: 'APPLY_SEEK' }]);
    expect(garbled[1]!.after.context.inputError).toBe('badSeekTime');
    expect(sentCommand(run([{ type: 'STEP' }])[0]!.effects)).toEqual({ kind: 'step', ms: STEP_MS });
    expect(sentCommand(run([{ type: 'SPEED', speed: 0.5 }])[0]!.effects)).toEqual({
      kind: 'speed',
      speed: 0.5,
    });
    expect(sentCommand(run([{ type: 'SPEED', speed: 0.25 }])[0]!.effects)).toBeUndefined();
    const unreadable = run([{ type: 'FILE_UNREADABLE', tooLarge: false }]);
    expect(unreadable[0]!.after.context.inputError).toBe('fileUnreadable');
    const tooLarge = run([{ type: 'FILE_UNREADABLE', tooLarge: true }]);
    expect(tooLarge[0]!.after.context.inputError).toBe('fileTooLarge');
    // The simulator's refusal is kept to show; the state stays the last answered one.
    const refused = run([
      { type: 'CHOOSE_FEED', feed: 'gone' },
      { type: REFUSED, error: new Error('No such feed') },
    ]);
    expect(refused[1]!.after.value).toBe('ready');
    expect(refused[1]!.after.context.refusal).toBe('No such feed');
    expect(refused[1]!.after.context.replay?.feed).toBe('crash-rebound');
  });

  it('property: one change at a time, every change sent is one the simulator accepts, and shown time moves only at the running rate', () => {
    const userEvent: fc.Arbitrary<ReplayControlEvent> = fc.oneof(
      fc.constantFrom<ReplayControlEvent>(
        { type: 'PLAY' },
        { type: 'PAUSE' },
        { type: 'STEP' },
        { type: 'APPLY_SEED' },
        { type: 'APPLY_SEEK' },
        { type: 'FILE_UNREADABLE', tooLarge: false },
      ),
      fc.double({ min: -5, max: 100, noNaN: true }).map((speed) => ({ type: 'SPEED' as const, speed })),
      fc.constantFrom(0.5, 1, 2, 60).map((speed) => ({ type: 'SPEED' as const, speed })),
      fc.integer({ min: -HOUR, max: 8 * HOUR }).map((ms) => ({ type: 'SEEK' as const, ms })),
      fc.string({ maxLength: 12 }).map((text) => ({ type: 'SEED_TYPED' as const, text })),
      fc.string({ maxLength: 10 }).map((text) => ({ type: 'SEEK_TYPED' as const, text })),
      fc.constantFrom('calm-day', 'thin-altcoin').map((feed) => ({ type: 'CHOOSE_FEED' as const, feed })),
      fc
        .record({
          now: fc.nat({ max: 1e12 }),
          rate: fc.constantFrom(0, 0.5, 1, 60),
          speed: fc.constantFrom(0.5, 1, 60),
          paused: fc.boolean(),
        })
        .map((clock) => ({ type: 'CLOCK' as const, ...clock })),
    );
    const internal = fc.constantFrom<InternalEvent>(
      { type: ANSWERED, output: state() },
      { type: ANSWERED, output: state({ paused: 1, speed: 0.5 }) },
      { type: REFUSED, error: new Error('refused') },
      { type: TICK },
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(userEvent, internal), { maxLength: 50 }), (events) => {
        const { steps } = fold(replayControlMachine, undefined, [
          { type: LOADED, output: state() },
          ...events,
        ]);
        for (const step of steps) {
          const command = sentCommand(step.effects);
          if (command) {
            expect(step.before.value).toBe('ready');
            if (command.kind === 'speed') expect(isDemoSpeed(command.speed)).toBe(true);
            if (command.kind === 'live') expect(isGeneratorSeed(command.seed)).toBe(true);
            if (command.kind === 'seek') {
              expect(Number.isInteger(command.ms)).toBe(true);
              expect(command.ms).toBeGreaterThanOrEqual(0);
              expect(command.ms).toBeLessThan(step.before.context.replay!.duration);
            }
          }
          if (step.before.value === 'working') expect(sentCommand(step.effects)).toBeUndefined();
          if ((step.event as { type: string }).type === TICK) {
            const { now, rate } = step.before.context;
            expect(step.after.context.now).toBe(now === null ? null : now + REPLAY_TICK_MS * rate);
          }
        }
      }),
    );
  });
});
