import { describe, expect, it, vi } from 'vitest';
import type { Envelope } from '../../../../src/api/envelope.ts';
import { ScaledClock } from '../../../../src/sim/clock.ts';
import {
  ClockPublisher,
  registerSpeedRoutes,
  restoreSpeed,
  SIM_NOW_KEY,
  SPEED_SETTING_KEY,
  type SpeedSettings,
} from '../../../../src/sim/market/demo-speed.ts';
import { Routes, type CallContext } from '../../../../src/sim/routes.ts';
import { SocketHub } from '../../../../src/sim/socket-hub.ts';

const ctx: CallContext = {
  now: 0,
  lang: 'en',
  token: '',
  t: (key, vars) => `${key}${vars ? JSON.stringify(vars) : ''}`,
};

function memorySettings(): SpeedSettings & { values: Map<string, unknown> } {
  const values = new Map<string, unknown>();
  return {
    values,
    getSetting: async (key) => values.get(key),
    setSetting: async (key, value) => {
      values.set(key, value);
    },
  };
}

describe('demo speed', () => {
  it('reads and changes the clock speed, keeps it in the settings, and refuses bad speeds', async () => {
    let real = 1_000;
    const clock = new ScaledClock({ realNow: () => real, start: 5_000 });
    const settings = memorySettings();
    const routes = new Routes();
    registerSpeedRoutes(routes, clock, settings);
    const call = (path: string, payload: Record<string, unknown> = {}) =>
      routes.get(path)!(payload, ctx) as Promise<Envelope>;

    expect(await call('sim/speed')).toMatchObject({ code: 1, data: { speed: 1 } });
    expect(await call('sim/set_speed', { speed: 30 })).toMatchObject({ code: 1, data: { speed: 30 } });
    expect(settings.values.get(SPEED_SETTING_KEY)).toBe(30);
    real += 100;
    expect(clock.now()).toBe(5_000 + 3_000);
    expect(await call('sim/set_speed', { speed: 0.5 })).toMatchObject({ code: 1, data: { speed: 0.5 } });
    expect(await call('sim/set_speed', { speed: 30 })).toMatchObject({ code: 1, data: { speed: 30 } });
    for (const speed of [0, 0.25, 61, 2.5, Number.NaN]) {
      expect(await call('sim/set_speed', { speed })).toEqual({
        code: 0,
        msg: 'speedOutOfRange{"min":1,"max":60}',
        data: [],
      });
    }
    expect(clock.speed).toBe(30);
  });

  it('a skip keeps the new simulated time at once, so a restart right after it never reopens before the jump', async () => {
    const clock = new ScaledClock({ realNow: () => 1_000, start: 5_000 });
    const settings = memorySettings();
    const routes = new Routes();
    registerSpeedRoutes(routes, clock, settings);
    const answer = (await routes.get('sim/skip')!({ hours: 240 }, { ...ctx, now: clock.now() })) as Envelope;
    expect(answer.code).toBe(1);
    expect(clock.now()).toBe(5_000 + 240 * 3_600_000);
    expect(settings.values.get(SIM_NOW_KEY)).toBe(clock.now());
  });

  it('restores a saved speed and ignores a garbled one', async () => {
    const clock = new ScaledClock({ realNow: () => 0 });
    const settings = memorySettings();
    settings.values.set(SPEED_SETTING_KEY, 10);
    await restoreSpeed(clock, settings);
    expect(clock.speed).toBe(10);
    settings.values.set(SPEED_SETTING_KEY, 'fast');
    const spy = vi.spyOn(clock, 'setSpeed');
    await restoreSpeed(clock, settings);
    expect(spy).not.toHaveBeenCalled();
  });

  it('pushes SIM_CLOCK to every listening tab when any tab sets the speed, and once a second', async () => {
    let real = 1_000;
    const clock = new ScaledClock({ realNow: () => real, start: 5_000 });
    const hub = new SocketHub(() => null);
    // Each tab keeps its SIM_CLOCK frames (the socket also answers a subscription: sub_result).
    const tabs = [[], [], []].map((frames: string[]) => ({
      frames,
      session: hub.open((t) => {
        if ((JSON.parse(t) as { type?: unknown }).type === 'SIM_CLOCK') frames.push(t);
      }),
    }));
    // Two tabs listen; the third never subscribed.
    for (const tab of tabs.slice(0, 2)) tab.session.receive('{"type":"sub","params":"SIM_CLOCK"}');
    const publisher = new ClockPublisher(clock, clock, hub, 10);
    const routes = new Routes();
    registerSpeedRoutes(routes, clock, memorySettings(), publisher);
    await routes.get('sim/set_speed')!({ speed: 10 }, ctx);
    for (const tab of tabs.slice(0, 2)) {
      expect(tab.frames.map((t) => JSON.parse(t))).toEqual([
        { type: 'SIM_CLOCK', speed: 10, now: 5_000, chosen: 10, paused: 0 },
      ]);
    }
    expect(tabs[2]!.frames).toEqual([]);
    // The first round after a tab subscribes tells it the clock at once.
    publisher.tick();
    expect(tabs[0]!.frames).toHaveLength(2);
    tabs[0]!.frames.pop();
    tabs[1]!.frames.pop();
    // Then one frame every tenth round, with the simulated time running 10x.
    real += 1_000;
    for (let i = 0; i < 8; i++) publisher.tick();
    expect(tabs[0]!.frames).toHaveLength(1);
    publisher.tick();
    expect(JSON.parse(tabs[0]!.frames[1]!)).toEqual({
      type: 'SIM_CLOCK',
      speed: 10,
      now: 15_000,
      chosen: 10,
      paused: 0,
    });
    // Paused: the push says time stands still (speed 0), and which speed is chosen.
    clock.pause();
    publisher.publish();
    expect(JSON.parse(tabs[0]!.frames[2]!)).toEqual({
      type: 'SIM_CLOCK',
      speed: 0,
      now: 15_000,
      chosen: 10,
      paused: 1,
    });
  });

  it('publishes nothing when no tab listens', () => {
    const hub = { publish: vi.fn(), hasSubscribers: () => false };
    const clock = new ScaledClock({ realNow: () => 0 });
    new ClockPublisher(clock, clock, hub, 1).tick();
    expect(hub.publish).not.toHaveBeenCalled();
  });
});
