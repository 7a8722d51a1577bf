import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { AnswerOf, PayloadOf } from '../../../src/api/catalogue.ts';
import type { Problem } from '../../../src/domain/validation/problem.ts';
import {
  EMPTY_PAY_METHOD,
  payMethodMachine,
  type PayMethodType,
} from '../../../src/machines/pay-method.machine.ts';
import { flush } from './machine-kit.ts';

const TYPES: PayMethodType[] = [
  { id: 1, name: 'Alipay', code: 'alipay' },
  { id: 2, name: 'WeChat Pay', code: 'wxpay' },
  { id: 3, name: 'Bank card', code: 'bank' },
];

function start(
  saved: Record<number, AnswerOf<'pay_method/get_method_by_type'>>,
  typeId: number | null = null,
) {
  const effects = {
    problems: [] as Problem[],
    saved: [] as PayloadOf<'pay_method/save'>[],
    loads: [] as number[],
  };
  const machine = payMethodMachine.provide({
    actors: {
      loadTypes: fromPromise(async () => TYPES),
      loadSaved: fromPromise(async ({ input }) =>
        input.types.flatMap((type) => {
          const method = saved[type];
          return method ? [{ typeId: type, raw: method.raw_data }] : [];
        }),
      ),
      loadMethod: fromPromise(async ({ input }) => {
        effects.loads.push(input.type);
        return saved[input.type] ?? null;
      }),
      save: fromPromise(async ({ input }) => {
        effects.saved.push(input);
      }),
    },
    actions: { reportProblem: (_, { problem }) => effects.problems.push(problem) },
  });
  return { actor: createActor(machine, { input: { typeId } }).start(), effects };
}

describe('collection settings machine (spec §2, §5)', () => {
  it('loads the types, then what is saved for the first one', async () => {
    const { actor, effects } = start({
      1: { type: 1, raw_data: { real_name: 'Ada', account: 'a', qrcode: 'blob:q' } },
    });
    await flush();
    await flush();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(effects.loads).toEqual([1]);
    expect(actor.getSnapshot().context.values).toEqual({
      ...EMPTY_PAY_METHOD,
      real_name: 'Ada',
      account: 'a',
      qrcode: 'blob:q',
    });
  });

  it('lists what is saved and opens on the first saved method, not on the first type', async () => {
    const card = { real_name: 'Ada', bank_name: 'B', bank_address: 'C', card_no: '622200001111' };
    const { actor, effects } = start({ 3: { type: 3, raw_data: card } });
    await flush();
    await flush();
    await flush();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.typeId).toBe(3);
    expect(effects.loads).toEqual([3]);
    expect(actor.getSnapshot().context.saved).toEqual([{ typeId: 3, raw: card }]);
    expect(actor.getSnapshot().context.values).toEqual({ ...EMPTY_PAY_METHOD, ...card });
  });

  it('opens on the type chosen, and a save adds it to the saved list', async () => {
    const card = { real_name: 'Ada', bank_name: 'B', bank_address: 'C', card_no: '622200001111' };
    const { actor, effects } = start({ 3: { type: 3, raw_data: card } }, 2);
    await flush();
    await flush();
    await flush();
    expect(actor.getSnapshot().context.typeId).toBe(2);
    expect(effects.loads).toEqual([2]);
    actor.send({ type: 'SET', values: { real_name: 'Ada', account: 'ada@wx', qrcode: 'blob:q' } });
    actor.send({ type: 'SUBMIT' });
    await flush();
    expect(actor.getSnapshot().context.saved).toEqual([
      { typeId: 2, raw: { real_name: 'Ada', account: 'ada@wx', qrcode: 'blob:q' } },
      { typeId: 3, raw: card },
    ]);
  });

  it('a chosen type that is not listed falls back to the first type', async () => {
    const { actor } = start({}, 99);
    await flush();
    await flush();
    await flush();
    expect(actor.getSnapshot().context.typeId).toBe(1);
  });

  it('switching type loads that type and starts from empty fields', async () => {
    const { actor, effects } = start({});
    await flush();
    await flush();
    actor.send({ type: 'SET', values: { real_name: 'Ada' } });
    actor.send({ type: 'CHOOSE', typeId: 3 });
    await flush();
    expect(effects.loads).toEqual([1, 3]);
    expect(actor.getSnapshot().context.values).toEqual(EMPTY_PAY_METHOD);
  });

  it('what is typed while the chosen type still loads is kept: the load fills only the other fields', async () => {
    const alipay = { real_name: 'Saved Name', account: 'saved@alipay', qrcode: 'blob:saved' };
    const { actor } = start({ 1: { type: 1, raw_data: alipay } }, 3);
    await flush();
    await flush();
    await flush();
    actor.send({ type: 'CHOOSE', typeId: 1 });
    expect(actor.getSnapshot().value).toBe('loadingMethod');
    actor.send({ type: 'SET', values: { real_name: 'Ada Lovelace' } });
    actor.send({ type: 'SET', values: { account: 'ada@alipay.example' } });
    await flush();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.values).toEqual({
      ...EMPTY_PAY_METHOD,
      real_name: 'Ada Lovelace',
      account: 'ada@alipay.example',
      qrcode: 'blob:saved',
    });
    // A new choice starts over: nothing typed for the old type carries into the new one's load.
    actor.send({ type: 'CHOOSE', typeId: 3 });
    await flush();
    expect(actor.getSnapshot().context.values).toEqual(EMPTY_PAY_METHOD);
  });

  it('checks the fields of the chosen type and saves only those', async () => {
    const { actor, effects } = start({});
    await flush();
    await flush();
    actor.send({ type: 'CHOOSE', typeId: 3 });
    await flush();
    actor.send({
      type: 'SET',
      values: { real_name: 'Ada', account: 'ignored', bank_name: 'B', bank_address: 'C' },
    });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'SET', values: { card_no: '6222 0000 1111' } });
    actor.send({ type: 'SUBMIT' });
    await flush();
    expect(effects.problems).toEqual([{ field: 'card_no', code: 'emptyCardNo' }]);
    expect(effects.saved).toEqual([
      { type: 3, raw_data: { real_name: 'Ada', bank_name: 'B', bank_address: 'C', card_no: '622200001111' } },
    ]);
    expect(actor.getSnapshot().value).toBe('editing');
  });
});
