import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Problem } from '../../../src/domain/validation/problem.ts';
import { twoFactorEnrolMachine } from '../../../src/machines/two-factor-enrol.machine.ts';
import { deferred, flush, type Deferred } from './machine-kit.ts';

const SEED = { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Tessera:demo?secret=JBSWY3DPEHPK3PXP' };

function start() {
  const problems: Problem[] = [];
  const enables: string[] = [];
  let enrolled = 0;
  const starts: Deferred<typeof SEED>[] = [];
  const answers: Deferred<{ recovery_codes: string[] }>[] = [];
  const machine = twoFactorEnrolMachine.provide({
    actors: {
      start: fromPromise(() => {
        const answer = deferred<typeof SEED>();
        starts.push(answer);
        return answer.promise;
      }),
      enable: fromPromise(({ input }) => {
        enables.push(input.code);
        const answer = deferred<{ recovery_codes: string[] }>();
        answers.push(answer);
        return answer.promise;
      }),
    },
    actions: {
      reportProblem: (_, { problem }) => problems.push(problem),
      enrolled: () => (enrolled += 1),
    },
  });
  const actor = createActor(machine).start();
  return { actor, problems, enables, starts, answers, enrolled: () => enrolled };
}

describe('two-factor enrolment machine', () => {
  it('seed, a checked code, the recovery codes once, then nothing of them kept', async () => {
    const { actor, problems, enables, starts, answers, enrolled } = start();
    actor.send({ type: 'START' });
    starts[0]?.resolve(SEED);
    await flush();
    expect(actor.getSnapshot().value).toBe('scanning');
    expect(actor.getSnapshot().context.seed).toEqual(SEED);
    // Only six digits confirm (no recovery code exists yet); nothing is sent otherwise.
    for (const code of ['', '12345', 'ABCDE-FGH23']) {
      actor.send({ type: 'SET', code });
      actor.send({ type: 'SUBMIT' });
    }
    expect(problems.map((problem) => problem.code)).toEqual(['emptyTotp', 'badTotp', 'badTotp']);
    expect(enables).toEqual([]);
    actor.send({ type: 'SET', code: '123456' });
    actor.send({ type: 'SUBMIT' });
    expect(enables).toEqual(['123456']);
    answers[0]?.reject(new Error('wrong code'));
    await flush();
    expect(actor.getSnapshot()).toMatchObject({ value: 'scanning', context: { code: '', seed: SEED } });
    actor.send({ type: 'SET', code: '654321' });
    actor.send({ type: 'SUBMIT' });
    answers[1]?.resolve({ recovery_codes: ['AAAAA-BBBBB', 'CCCCC-DDDDD'] });
    await flush();
    expect(actor.getSnapshot()).toMatchObject({
      value: 'showingRecovery',
      context: { seed: null, recovery: ['AAAAA-BBBBB', 'CCCCC-DDDDD'] },
    });
    expect(enrolled()).toBe(0);
    actor.send({ type: 'DONE' });
    expect(enrolled()).toBe(1);
    expect(actor.getSnapshot()).toMatchObject({
      value: 'idle',
      context: { seed: null, recovery: [], code: '' },
    });
  });

  it('cancelling drops the seed; a failed start goes back to the button', async () => {
    const { actor, starts } = start();
    actor.send({ type: 'START' });
    starts[0]?.reject(new Error('server error'));
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'START' });
    starts[1]?.resolve(SEED);
    await flush();
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot()).toMatchObject({ value: 'idle', context: { seed: null } });
  });
});
