import { outboxMachine } from '../../machines/outbox.machine.ts';
import { replayControlMachine } from '../../machines/replay-control.machine.ts';
import { simSpeedMachine } from '../../machines/sim-speed.machine.ts';
import type { AppActors } from '../../machines/actors/index.ts';
import type { ViewActions } from './view-actions.ts';

/** The demo tools' machines: the outbox of codes, the simulator's speed, the market replay. */
export function demoMachines(actors: AppActors) {
  return {
    outbox: (actions: ViewActions<typeof outboxMachine>) =>
      outboxMachine.provide({ actors: actors.outbox, actions }),
    simSpeed: simSpeedMachine.provide({ actors: actors.sim.speed }),
    replay: replayControlMachine.provide({ actors: actors.sim.replay }),
  };
}
