import { describe, expect, it } from 'vitest';
import { and, createActor, not, setup } from 'xstate';
import { activeIds, chartOf, delayLabel, valueText } from '../../../src/machines/devtools/statechart.ts';
import { loginFormMachine } from '../../../src/machines/login-form.machine.ts';
import { sendCodeMachine } from '../../../src/machines/send-code.machine.ts';

const player = setup({
  guards: { ready: () => true, loud: () => false },
  delays: { idleTimeout: 5000 },
}).createMachine({
  id: 'player',
  initial: 'stopped',
  states: {
    stopped: { on: { PLAY: { target: 'playing', guard: 'ready' }, NOOP: {} } },
    playing: {
      type: 'parallel',
      on: { STOP: 'stopped' },
      states: {
        track: {
          initial: 'intro',
          states: {
            intro: { after: { 1500: 'body', idleTimeout: 'outro' } },
            body: { on: { NEXT: { target: 'outro', guard: and(['ready', not('loud')]) } } },
            outro: { type: 'final' },
          },
          onDone: '#player.stopped',
        },
        volume: {
          initial: 'normal',
          states: { normal: { on: { UP: 'loud' } }, loud: { always: { target: 'normal', guard: 'loud' } } },
        },
      },
    },
  },
});

describe('statechart from a machine definition', () => {
  const chart = chartOf(player);
  const node = (id: string) => chart.nodes.find((candidate) => candidate.id === id);
  const edge = (source: string, event: string) =>
    chart.edges.find((candidate) => candidate.source === source && candidate.event === event);

  it('lists every state node, nested and parallel, with its parent and kind', () => {
    expect(chart.nodes.map((n) => n.id)).toEqual([
      'player',
      'player.stopped',
      'player.playing',
      'player.playing.track',
      'player.playing.track.intro',
      'player.playing.track.body',
      'player.playing.track.outro',
      'player.playing.volume',
      'player.playing.volume.normal',
      'player.playing.volume.loud',
    ]);
    expect(node('player.playing')?.type).toBe('parallel');
    expect(node('player.playing.track')).toMatchObject({
      region: true,
      initial: true,
      parent: 'player.playing',
    });
    expect(node('player.playing.track.outro')?.type).toBe('final');
    expect(node('player.stopped')?.initial).toBe(true);
    expect(node('player.playing')?.initial).toBe(false);
  });

  it('keeps event names and guards, combinators included', () => {
    expect(edge('player.stopped', 'PLAY')).toMatchObject({
      target: 'player.playing',
      guard: 'ready',
      kind: 'event',
    });
    expect(edge('player.playing.track.body', 'NEXT')?.guard).toBe('ready && !loud');
    expect(edge('player.playing', 'STOP')?.target).toBe('player.stopped');
    expect(node('player.stopped')?.internal).toEqual(['NOOP']);
  });

  it('lists delayed transitions once each, with their delay, and eventless and done ones', () => {
    const delayed = chart.edges.filter((e) => e.kind === 'after');
    expect(delayed.map((e) => [e.event, e.delay, e.target])).toEqual([
      ['after 1.5 s', 1500, 'player.playing.track.body'],
      ['after idleTimeout', 'idleTimeout', 'player.playing.track.outro'],
    ]);
    expect(chart.edges.some((e) => e.event.startsWith('xstate.after'))).toBe(false);
    expect(edge('player.playing.volume.loud', 'always')).toMatchObject({ kind: 'always', guard: 'loud' });
    expect(edge('player.playing.track', 'done')).toMatchObject({ kind: 'done', target: 'player.stopped' });
  });

  it('names an invoked actor in its done and error transitions', () => {
    const login = chartOf(loginFormMachine);
    expect(login.edges.map((e) => e.event)).toEqual(expect.arrayContaining(['done: login', 'error: login']));
    const code = chartOf(sendCodeMachine);
    expect(code.edges.filter((e) => e.kind === 'after').length).toBeGreaterThan(0);
  });

  it('marks the active states of a snapshot, every region of a parallel state', () => {
    const actor = createActor(player).start();
    actor.send({ type: 'PLAY' });
    const active = activeIds(chart, actor.getSnapshot().value);
    expect([...active].sort()).toEqual([
      'player',
      'player.playing',
      'player.playing.track',
      'player.playing.track.intro',
      'player.playing.volume',
      'player.playing.volume.normal',
    ]);
    expect(valueText(actor.getSnapshot().value)).toBe('playing.{ track.intro, volume.normal }');
    actor.stop();
  });

  it('writes delays for people', () => {
    expect([
      delayLabel(250),
      delayLabel(1000),
      delayLabel(120_000),
      delayLabel('slow'),
      delayLabel(null),
    ]).toEqual(['250 ms', '1 s', '2 min', 'slow', 'dynamic']);
  });
});
