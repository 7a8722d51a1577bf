import { leverScreenWith } from '../../machines/lever-screen.machine.ts';
import { microScreenWith } from '../../machines/micro-screen.machine.ts';
import { tradeScreenWith } from '../../machines/trade-screen.machine.ts';
import type { AppActors } from '../../machines/actors/index.ts';

/** The trading screens' machines, each with its form, list and push children wired. */
export function tradingMachines(actors: AppActors) {
  return {
    spot: tradeScreenWith(actors.spot),
    lever: leverScreenWith(actors.lever),
    micro: microScreenWith(actors.micro),
  };
}
