import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, initialTransition, transition, SimulatedClock } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { optionOn } from '../../../src/domain/address-book/chains.ts';
import type { BoundAddress } from '../../../src/machines/actors/address-book.ts';
import { addressBookMachine } from '../../../src/machines/address-book.machine.ts';
import {
  bindAddressMachine,
  bindProblem,
  type BindEvent,
  type BindRequest,
} from '../../../src/machines/bind-address.machine.ts';
import { sendCodeMachine } from '../../../src/machines/send-code.machine.ts';

const TRON = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const BOTH = { contacts: { email: true, mobile: true } };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const entry = (id: number): BoundAddress => ({
  id,
  address: TRON,
  coin_name: 'USDT',
  contract_address: '',
  chain: 'TRC20',
  label: '',
  created_at: 0,
});

const setEvent: fc.Arbitrary<BindEvent> = fc.oneof(
  fc.record({
    type: fc.constant('SET' as const),
    values: fc.record(
      {
        coin: fc.constantFrom('USDT', 'BTC', 'ETH', 'TRX', 'DOGE'),
        chain: fc.constantFrom('TRC20' as const, 'ERC20' as const, 'BTC' as const),
        address: fc.constantFrom(
          '',
          TRON,
          '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
          'nonsense',
          ` ${TRON} `,
        ),
        label: fc.constantFrom('', 'Cold', 'x'.repeat(31)),
        code: fc.constantFrom('', '123456', '12'),
        via: fc.constantFrom('email' as const, 'mobile' as const),
      },
      { requiredKeys: [] },
    ),
  }),
  fc.constant({ type: 'SEND_CODE' as const }),
  fc.constant({ type: 'SUBMIT' as const }),
);

describe('bind-address machine', () => {
  it('every event sequence keeps a chain that carries the coin, and submits only a form without problems', () => {
    fc.assert(
      fc.property(fc.array(setEvent, { maxLength: 25 }), (events) => {
        let [snapshot] = initialTransition(bindAddressMachine, BOTH);
        for (const event of events) {
          if (!snapshot.matches('editing')) break;
          const before = snapshot.context.values;
          [snapshot] = transition(bindAddressMachine, snapshot, event);
          const { values } = snapshot.context;
          // A coin the table does not know keeps its chain; a known one always has a chain that carries it.
          if (
            optionOn(values.coin, 'TRC20') ||
            optionOn(values.coin, 'ERC20') ||
            optionOn(values.coin, 'BTC')
          ) {
            expect(optionOn(values.coin, values.chain)).not.toBeNull();
          }
          if (snapshot.matches('submitting')) {
            expect(event.type).toBe('SUBMIT');
            expect(bindProblem(before)).toBeNull();
          }
          if (event.type === 'SUBMIT' && snapshot.matches('editing')) {
            expect(snapshot.context.problem).toEqual(bindProblem(values));
          }
        }
      }),
    );
  });

  it('shortest paths reach submitting only through SUBMIT of a valid form', () => {
    const paths = getShortestPaths(bindAddressMachine, {
      input: { ...BOTH, values: { address: TRON, code: '123456' } },
      events: [{ type: 'SUBMIT' }, { type: 'SET', values: { address: 'bad' } }, { type: 'SEND_CODE' }],
    });
    const submitting = paths.find((path) => path.state.matches('submitting'));
    expect(submitting?.steps.map((step) => step.event.type)).toEqual(['xstate.init', 'SUBMIT']);
  });

  it('counts 59 s down after a code was sent (simulated clock), and a contact change resets it', async () => {
    const clock = new SimulatedClock();
    const deliver = vi.fn(async () => {});
    const actor = createActor(
      bindAddressMachine.provide({
        actors: { sendCode: sendCodeMachine.provide({ actors: { deliver: fromPromise(deliver) } }) },
      }),
      { input: BOTH, clock },
    ).start();
    actor.send({ type: 'SEND_CODE' });
    await flush();
    const child = () => actor.getSnapshot().children.sendCode?.getSnapshot();
    expect(deliver).toHaveBeenCalledWith(
      expect.objectContaining({ input: { channel: 'bindAddress', via: 'email' } }),
    );
    expect(child()?.context.remaining).toBe(59);
    for (let i = 0; i < 58; i += 1) clock.increment(1000);
    expect(child()?.context.remaining).toBe(1);
    clock.increment(1000);
    expect(child()?.value).toBe('idle');
    actor.send({ type: 'SEND_CODE' });
    await flush();
    expect(child()?.value).toBe('countdown');
    actor.send({ type: 'SET', values: { via: 'mobile' } });
    expect(child()?.value).toBe('idle');
  });

  it('cannot send a code to a contact the user has not bound', () => {
    const report = vi.fn();
    const actor = createActor(
      bindAddressMachine.provide({ actions: { reportProblem: (_, params) => report(params) } }),
      {
        input: { contacts: { email: true, mobile: false } },
      },
    ).start();
    actor.send({ type: 'SET', values: { via: 'mobile' } });
    actor.send({ type: 'SEND_CODE' });
    expect(report).toHaveBeenCalledWith({ problem: { field: 'via', code: 'emptyPhone' } });
  });

  it('sends the trimmed form with the chain contract, and clears it after a success', async () => {
    const bind = vi.fn(async (_: { input: BindRequest }) => ({ id: 7 }));
    // The form reports BOUND to its parent, so it runs inside the address book as on the page.
    const book = createActor(
      addressBookMachine.provide({
        actors: { bindForm: bindAddressMachine.provide({ actors: { bind: fromPromise(bind) } }) },
      }),
      { input: BOTH },
    ).start();
    const actor = book.getSnapshot().children.bindForm;
    if (!actor) throw new Error('no bind form');
    actor.send({ type: 'SET', values: { address: ` ${TRON} `, label: ' Cold ', code: ' 123456 ' } });
    actor.send({ type: 'SUBMIT' });
    await flush();
    await flush();
    expect(bind.mock.calls[0]?.[0].input).toEqual({
      coin: 'USDT',
      contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      address: TRON,
      label: 'Cold',
      code: '123456',
    });
    expect(actor.getSnapshot().context.values).toMatchObject({ address: '', label: '', code: '' });
  });
});

describe('address-book machine', () => {
  function start(entries: BoundAddress[]) {
    const list = vi.fn(async () => entries);
    const remove = vi.fn(async (_: { input: { id: number } }): Promise<unknown> => null);
    const relabel = vi.fn(async (_: { input: { id: number; label: string } }): Promise<unknown> => null);
    const bind = vi.fn(async () => ({ id: 9 }));
    const actor = createActor(
      addressBookMachine.provide({
        actors: {
          list: fromPromise(list),
          remove: fromPromise(remove),
          relabel: fromPromise(relabel),
          bindForm: bindAddressMachine.provide({ actors: { bind: fromPromise(bind) } }),
        },
      }),
      { input: BOTH },
    ).start();
    return { actor, list, remove, relabel };
  }

  it('asks before deleting; CANCEL keeps the entry, CONFIRM deletes it and loads again', async () => {
    const { actor, list, remove } = start([entry(1), entry(2)]);
    await flush();
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'DELETE', id: 2 });
    expect(actor.getSnapshot().context.pending).toBe(2);
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(remove).not.toHaveBeenCalled();
    actor.send({ type: 'DELETE', id: 2 });
    actor.send({ type: 'CONFIRM' });
    await flush();
    expect(remove.mock.calls[0]?.[0].input).toEqual({ id: 2 });
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('renames with the typed label, and loads again after the bind form reports BOUND', async () => {
    const { actor, list, relabel } = start([entry(1)]);
    await flush();
    actor.send({ type: 'RENAME', id: 1 });
    actor.send({ type: 'LABEL', label: 'Hot' });
    actor.send({ type: 'SAVE_LABEL' });
    await flush();
    expect(relabel.mock.calls[0]?.[0].input).toEqual({ id: 1, label: 'Hot' });
    const form = actor.getSnapshot().children.bindForm;
    form?.send({ type: 'SET', values: { address: TRON, code: '123456' } });
    form?.send({ type: 'SUBMIT' });
    await flush();
    await flush();
    expect(list).toHaveBeenCalledTimes(3);
  });

  it('shortest paths reach every state of the book', () => {
    const paths = getShortestPaths(addressBookMachine, {
      input: BOTH,
      events: [
        { type: 'xstate.done.actor.0.addressBook.loading', output: [entry(1)] } as never,
        { type: 'DELETE', id: 1 },
        { type: 'CONFIRM' },
        { type: 'CANCEL' },
        { type: 'RENAME', id: 1 },
        { type: 'SAVE_LABEL' },
        { type: 'RETRY' },
      ],
    });
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    for (const state of ['loading', 'ready', 'confirming', 'deleting', 'renaming', 'savingLabel']) {
      expect(reached.has(JSON.stringify(state)), state).toBe(true);
    }
  });
});
