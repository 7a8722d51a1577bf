import { describe, expect, it } from 'vitest';
import type { CodeRequest } from '../../../src/machines/code-request.ts';
import {
  ADDRESS_BINDING_COUNTDOWN_SECONDS,
  CODE_COUNTDOWN_SECONDS,
  sendCodeMachine,
} from '../../../src/machines/send-code.machine.ts';
import { declaredStates, walk } from './walk-kit.ts';

const REQUEST: CodeRequest = { channel: 'sms', to: '13800138000', type: 5, areaId: 86 };
const TICK = 'xstate.after.1000.sendCode.countdown';

describe('send-code machine: the whole graph, for both countdown lengths', () => {
  for (const seconds of [CODE_COUNTDOWN_SECONDS, ADDRESS_BINDING_COUNTDOWN_SECONDS]) {
    it(`${seconds} s: every second from ${seconds} down to 1 is shown once, never 0 or below while counting`, () => {
      const result = walk(sendCodeMachine, {
        input: { seconds },
        events: [
          { type: 'SEND', request: REQUEST },
          { type: 'RESET' },
          { type: 'xstate.done.actor.deliver', output: undefined },
          { type: 'xstate.error.actor.deliver', error: new Error('rate limited') },
          { type: TICK },
        ],
      });
      expect(result.unsupplied).toEqual([]);
      expect(result.reached).toEqual(new Set(declaredStates(sendCodeMachine)));
      const shown = result.paths
        .filter((path) => path.state.matches('countdown'))
        .map((path) => path.state.context.remaining)
        .sort((a, b) => b - a);
      expect(shown).toEqual(Array.from({ length: seconds }, (_, index) => seconds - index));
      for (const path of result.paths) {
        const { value, context } = path.state;
        if (value !== 'countdown') expect(context.remaining).toBe(0);
        // Each second shown is reached by exactly as many ticks as have passed.
        const ticks = path.steps.filter((step) => (step.event.type as string) === TICK).length;
        if (value === 'countdown') expect(context.remaining).toBe(seconds - ticks);
      }
    });
  }
});
