import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validatePayMethod, type PayMethodFields } from '../../../src/domain/validation/pay-method.ts';
import {
  EMPTY_PAY_METHOD,
  payMethodMachine,
  type PayMethodType,
} from '../../../src/machines/pay-method.machine.ts';
import { called, declaredStates, fold, spawned, walk, type InternalEvent } from './walk-kit.ts';

const TYPES: PayMethodType[] = [
  { id: 1, name: 'Alipay', code: 'alipay' },
  { id: 2, name: 'WeChat Pay', code: 'wxpay' },
  { id: 3, name: 'Bank card', code: 'bank' },
];
/** Spec §5 receiving method: the fields each kind needs (and the only ones it saves). */
const NEEDED: Record<string, string[]> = {
  alipay: ['account', 'qrcode', 'real_name'],
  wxpay: ['account', 'qrcode', 'real_name'],
  bank: ['bank_address', 'bank_name', 'card_no', 'real_name'],
};

const TYPES_DONE = 'xstate.done.actor.0.payMethod.loadingTypes';
const TYPES_ERROR = 'xstate.error.actor.0.payMethod.loadingTypes';
const SAVED_DONE = 'xstate.done.actor.0.payMethod.loadingSaved';
const SAVED_ERROR = 'xstate.error.actor.0.payMethod.loadingSaved';
const METHOD_DONE = 'xstate.done.actor.0.payMethod.loadingMethod';
const METHOD_ERROR = 'xstate.error.actor.0.payMethod.loadingMethod';
const SAVE_DONE = 'xstate.done.actor.0.payMethod.saving';
const SAVE_ERROR = 'xstate.error.actor.0.payMethod.saving';

const WALLET: Partial<PayMethodFields> = { real_name: 'Ada', account: 'ada@pay', qrcode: 'blob:q' };
const CARD: Partial<PayMethodFields> = {
  real_name: 'Ada',
  bank_name: 'Bank',
  bank_address: 'Branch',
  card_no: '6222 0000 1111',
};

describe('collection settings machine: transition walk', () => {
  it('reaches every declared state, including the retry after a failed type list', () => {
    const result = walk(payMethodMachine, {
      events: [
        { type: TYPES_DONE, output: TYPES },
        { type: TYPES_ERROR, error: new Error('offline') },
        { type: 'RETRY' },
        { type: SAVED_DONE, output: [] },
        { type: SAVED_ERROR, error: new Error('offline') },
        { type: METHOD_DONE, output: null },
        { type: METHOD_ERROR, error: new Error('offline') },
        { type: 'CHOOSE', typeId: 3 },
        { type: 'SET', values: WALLET },
        { type: 'SUBMIT' },
        { type: SAVE_DONE, output: null },
        { type: SAVE_ERROR, error: new Error('code 0') },
      ],
    });
    expect(result.unsupplied).toEqual([]);
    expect(result.reached).toEqual(new Set(declaredStates(payMethodMachine)));
    expect(result.route((snapshot) => snapshot.matches('saving'))).toEqual([
      'xstate.init',
      TYPES_DONE,
      SAVED_DONE,
      METHOD_DONE,
      'SET',
      'SUBMIT',
    ]);
    expect(result.route((snapshot) => snapshot.matches('failed'))).toEqual(['xstate.init', TYPES_ERROR]);
  });

  it('with no method types at all, SUBMIT reports the missing type and saves nothing', () => {
    const { steps } = fold(payMethodMachine, undefined, [
      { type: TYPES_DONE, output: [] },
      { type: SAVED_DONE, output: [] },
      { type: METHOD_DONE, output: null },
      { type: 'SET', values: CARD },
      { type: 'SUBMIT' },
    ]);
    const submit = steps.at(-1);
    expect(submit?.after.value).toBe('editing');
    expect(called(submit?.effects ?? [], 'reportProblem')).toEqual([
      { problem: { field: 'real_name', code: 'emptyType' } },
    ]);
    expect(spawned(submit?.effects ?? [])).toEqual([]);
  });

  it('property: the type is always a listed one; saves only valid fields of that type, one at a time', () => {
    const saved = { real_name: 'Bo', account: 'bo@pay', qrcode: 'blob:b' };
    const event = fc.oneof(
      fc.constantFrom(1, 2, 3).map((typeId) => ({ type: 'CHOOSE' as const, typeId })),
      fc
        .constantFrom<Partial<PayMethodFields>>(
          WALLET,
          CARD,
          { qrcode: '' },
          { card_no: '12ab' },
          { real_name: ' ' },
        )
        .map((values) => ({ type: 'SET' as const, values })),
      fc.constantFrom<{ type: 'SUBMIT' } | { type: 'RETRY' } | InternalEvent>(
        { type: 'SUBMIT' },
        { type: 'RETRY' },
        { type: TYPES_DONE, output: TYPES },
        { type: TYPES_ERROR, error: new Error('offline') },
        { type: SAVED_DONE, output: [] },
        { type: SAVED_DONE, output: [{ typeId: 2, raw: saved }] },
        { type: SAVED_ERROR, error: new Error('offline') },
        { type: METHOD_DONE, output: null },
        { type: METHOD_DONE, output: { type: 1, raw_data: saved } },
        { type: METHOD_ERROR, error: new Error('offline') },
        { type: SAVE_DONE, output: null },
        { type: SAVE_ERROR, error: new Error('code 0') },
      ),
    );
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), (events) => {
        const { steps } = fold(payMethodMachine, undefined, events);
        for (const { before, after, event: sent, effects } of steps) {
          const where = `${String(before.value)} + ${JSON.stringify(sent)}`;
          const { types, typeId } = after.context;
          // (Between the type list and the saved list no type is open yet.)
          if (types.length > 0 && after.value !== 'loadingSaved')
            expect(
              types.map((type) => type.id),
              where,
            ).toContain(typeId);
          const user = !sent.type.startsWith('xstate.');
          // While the chosen type's saved method loads, typing is kept (the load fills only the
          // fields not typed in); nothing else is taken.
          if (sent.type === 'SET' && before.value === 'loadingMethod') {
            expect(after.value, where).toBe('loadingMethod');
            expect(after.context.values, where).toEqual({ ...before.context.values, ...sent.values });
            expect(after.context.typed, where).toEqual({ ...before.context.typed, ...sent.values });
            continue;
          }
          if (sent.type === METHOD_DONE && before.value === 'loadingMethod') {
            for (const [field, value] of Object.entries(before.context.typed))
              expect(after.context.values[field as keyof PayMethodFields], where).toBe(value);
          }
          // Loading or saving: the form takes no other edits, no type change and no second save.
          if (
            user &&
            ['loadingTypes', 'loadingSaved', 'loadingMethod', 'saving'].includes(String(before.value))
          ) {
            expect(after, where).toBe(before);
            continue;
          }
          if (sent.type === 'CHOOSE' && before.value === 'editing') {
            if (sent.typeId === before.context.typeId) {
              expect(after, where).toBe(before);
            } else {
              expect(after.value, where).toBe('loadingMethod');
              expect(after.context.values, where).toEqual(EMPTY_PAY_METHOD);
              expect(spawned(effects), where).toEqual([{ src: 'loadMethod', input: { type: sent.typeId } }]);
            }
          }
          if (sent.type === 'SUBMIT' && before.value === 'editing') {
            const code = before.context.types.find((type) => type.id === before.context.typeId)?.code;
            const problem = code ? validatePayMethod(code, before.context.values) : null;
            if (code && !problem) {
              expect(after.value, where).toBe('saving');
              const [save] = spawned(effects) as Array<{ input: { type: number; raw_data: object } }>;
              expect(save?.input.type, where).toBe(before.context.typeId);
              expect(Object.keys(save?.input.raw_data ?? {}).sort(), where).toEqual(NEEDED[code]);
            } else {
              expect(after.value, where).toBe('editing');
              expect(spawned(effects), where).toEqual([]);
              expect(called(effects, 'reportProblem'), where).toHaveLength(1);
            }
          }
          if (sent.type === METHOD_DONE && before.value === 'loadingMethod') {
            // The load fills the fields, except those typed in while it was on its way.
            const output = (sent as InternalEvent).output as { raw_data: Partial<PayMethodFields> } | null;
            expect(after.context.values, where).toEqual({
              ...EMPTY_PAY_METHOD,
              ...output?.raw_data,
              ...before.context.typed,
            });
          }
          // The list opens on the first saved type (no type was chosen here).
          if (sent.type === SAVED_DONE && before.value === 'loadingSaved') {
            const output = (sent as InternalEvent).output as Array<{ typeId: number }>;
            const first = before.context.types.find((type) =>
              output.some((method) => method.typeId === type.id),
            );
            expect(after.context.typeId, where).toBe(first?.id ?? before.context.types[0]?.id ?? null);
          }
          // What the list says is saved for the open type follows the last answer or save.
          if (after.value === 'editing' && (sent.type === METHOD_DONE || sent.type === SAVE_DONE)) {
            const listed = after.context.saved.some((method) => method.typeId === after.context.typeId);
            const output = (sent as InternalEvent).output as object | null;
            expect(listed, where).toBe(sent.type === SAVE_DONE || output !== null);
          }
          if (sent.type === SAVE_DONE || sent.type === SAVE_ERROR) {
            expect(after.value, where).toBe('editing');
            expect(after.context.values, where).toEqual(before.context.values);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
