import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, initialTransition, SimulatedClock, transition } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { AnswerOf, PayloadOf } from '../../../src/api/catalogue.ts';
import { isTransferAllowed } from '../../../src/domain/wallet/accounts.ts';
import { depositAmountRules, readDepositAmount } from '../../../src/domain/wallet/deposit-amount.ts';
import { readAmount } from '../../../src/domain/wallet/entry.ts';
import type { BoundAddressRow, ConvertQuote } from '../../../src/machines/actors/wallet.ts';
import { convertMachine, secondsLeft } from '../../../src/machines/convert.machine.ts';
import { depositMachine, type DepositEvent } from '../../../src/machines/deposit.machine.ts';
import { availableOf, transferMachine, type TransferEvent } from '../../../src/machines/transfer.machine.ts';
import {
  withdrawMachine,
  withdrawProblem,
  type WithdrawEvent,
} from '../../../src/machines/withdraw.machine.ts';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const AMOUNTS = ['', '0', '-1', '1e3', '1.123456789', '0.5', '1', '5', '25', '0,5', '60000', '20000', '100'];
const amount = fc.constantFrom(...AMOUNTS);

const TRON = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const bound = (id: number, chain = 'TRC20', coin = 'USDT'): BoundAddressRow => ({
  id,
  address: TRON,
  coin_name: coin,
  contract_address: '',
  chain,
  label: '',
  created_at: 0,
});

const DEPOSIT_INPUT = {
  currencyId: 1,
  chains: [
    { id: 1, code: 'TRC20' },
    { id: 2, code: 'ERC20' },
  ],
  depositMin: '1',
  decimalComma: false,
};

describe('deposit machine', () => {
  const event: fc.Arbitrary<DepositEvent> = fc.oneof(
    fc.record({ type: fc.constant('CHOOSE_CHAIN' as const), id: fc.constantFrom(1, 2, 9) }),
    fc.record({
      type: fc.constant('SET_AMOUNT' as const),
      // Around the server's cap of a deposit too, so the form is seen refusing what the server would.
      amount: fc.oneof(amount, fc.constantFrom('10000000', '10000000.00000001', '9007199254740993')),
    }),
    fc.constant({ type: 'SIMULATE' as const }),
  );

  it('sends only an amount from the minimum to the cap, on a chain of the currency', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 20 }), (events) => {
        let [snapshot] = initialTransition(depositMachine, DEPOSIT_INPUT);
        for (const next of events) {
          const before = snapshot.context;
          [snapshot] = transition(depositMachine, snapshot, next);
          expect([1, 2]).toContain(snapshot.context.chainId);
          if (snapshot.matches('sending')) {
            expect(readAmount(before.amount, depositAmountRules(false, '1')).ok).toBe(true);
            expect(readDepositAmount(before.amount).ok).toBe(true);
            break;
          }
          if (next.type === 'SIMULATE') {
            expect(snapshot.context.problem).not.toBeNull();
            expect(snapshot.context.amount).toBe(before.amount);
          }
        }
      }),
    );
  });

  it('reaches every state, and a recorded deposit clears the field', async () => {
    const paths = getShortestPaths(depositMachine, {
      input: DEPOSIT_INPUT,
      events: [{ type: 'SET_AMOUNT', amount: '25' }, { type: 'SIMULATE' }],
    });
    expect(new Set(paths.map((path) => JSON.stringify(path.state.value)))).toEqual(
      new Set(['"editing"', '"sending"']),
    );
    const sent: unknown[] = [];
    const actor = createActor(
      depositMachine.provide({
        actors: {
          simulateDeposit: fromPromise(async ({ input }) => {
            sent.push(input);
            return {} as never;
          }),
        },
      }),
      { input: DEPOSIT_INPUT },
    ).start();
    actor.send({ type: 'CHOOSE_CHAIN', id: 2 });
    actor.send({ type: 'SET_AMOUNT', amount: '25' });
    actor.send({ type: 'SIMULATE' });
    await flush();
    expect(sent).toEqual([{ currency_id: 1, number: '25', currency_protocol_id: 2 }]);
    expect(actor.getSnapshot().context.amount).toBe('');
    expect(actor.getSnapshot().value).toBe('editing');
  });
});

describe('deposit machine at the cap', () => {
  it("refuses above the server's cap with the cap, sends nothing, and sends the cap itself", async () => {
    const sent: unknown[] = [];
    const actor = createActor(
      depositMachine.provide({
        actors: {
          simulateDeposit: fromPromise(async ({ input }) => {
            sent.push(input);
            return {} as never;
          }),
        },
      }),
      { input: DEPOSIT_INPUT },
    ).start();
    actor.send({ type: 'SET_AMOUNT', amount: '10000000.00000001' });
    actor.send({ type: 'SIMULATE' });
    expect(actor.getSnapshot().context.problem).toEqual({ kind: 'aboveMax', max: '10000000' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'SET_AMOUNT', amount: '10000000' });
    actor.send({ type: 'SIMULATE' });
    await flush();
    expect(sent).toEqual([{ currency_id: 1, number: '10000000', currency_protocol_id: 1 }]);
  });
});

const WITHDRAW_INPUT = {
  currencyId: 1,
  code: 'USDT',
  chains: [
    { id: 1, code: 'TRC20', needMemo: false },
    { id: 2, code: 'ERC20', needMemo: false },
  ],
  drawMin: '10',
  drawMax: '50000',
  balance: '10000',
  decimalComma: false,
};

describe('withdraw machine', () => {
  const event: fc.Arbitrary<WithdrawEvent> = fc.oneof(
    fc.record({ type: fc.constant('SET' as const), amount, password: fc.constantFrom('', 'Trade123') }),
    fc.record({ type: fc.constant('CHOOSE_ADDRESS' as const), id: fc.constantFrom(1, 2, 3) }),
    fc.record({ type: fc.constant('BALANCE' as const), balance: fc.constantFrom('0', '15', '10000') }),
    fc.constant({ type: 'SUBMIT' as const }),
  );

  it('loads only usable addresses and sends only a complete form within min, max and balance', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 25 }), (events) => {
        let [snapshot] = initialTransition(withdrawMachine, WITHDRAW_INPUT);
        [snapshot] = transition(withdrawMachine, snapshot, {
          type: 'xstate.done.actor.0.withdraw.loading',
          output: [bound(1), bound(2, 'BTC', 'BTC'), bound(3, 'ERC20')],
        } as never);
        expect(snapshot.context.addresses.map((entry) => entry.id)).toEqual([1, 3]);
        for (const next of events) {
          const before = snapshot.context;
          [snapshot] = transition(withdrawMachine, snapshot, next);
          if (snapshot.matches('submitting')) {
            expect(withdrawProblem(before)).toBeNull();
            const read = readAmount(before.amount, { decimalComma: false });
            expect(read.ok && read.units >= 10n * 10n ** 8n && read.units <= 10n ** 12n).toBe(true);
            break;
          }
          if (next.type === 'SUBMIT') expect(snapshot.context.problem).toEqual(withdrawProblem(before));
        }
      }),
    );
  });

  it('with no bound address it says pbtwaf; a refused withdrawal clears the password; cancel unlocks', async () => {
    const calls: string[] = [];
    let password = 'Wrong999';
    const actor = createActor(
      withdrawMachine.provide({
        actors: {
          boundAddresses: fromPromise(async () => [bound(7)]),
          withdraw: fromPromise(async ({ input }) => {
            calls.push(`draw ${input.number} ${input.pay_password}`);
            if (input.pay_password !== password) throw new Error('wrong');
            return { id: 5 } as never;
          }),
          cancelWithdrawal: fromPromise(async ({ input }) => {
            calls.push(`cancel ${input.id}`);
            return { id: input.id } as never;
          }),
        },
      }),
      { input: WITHDRAW_INPUT },
    ).start();
    await flush();
    actor.send({ type: 'SET', amount: '20', password: 'Trade123' });
    actor.send({ type: 'SUBMIT' });
    await flush();
    expect(actor.getSnapshot().context.password).toBe('');
    expect(actor.getSnapshot().context.amount).toBe('20');
    password = 'Trade123';
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.problem).toEqual({ field: 'password', kind: 'empty' });
    actor.send({ type: 'SET', password: 'Trade123' });
    actor.send({ type: 'SUBMIT' });
    await flush();
    actor.send({ type: 'CANCEL_WITHDRAWAL', id: 5 });
    await flush();
    expect(calls).toEqual(['draw 20 Trade123', 'draw 20 Trade123', 'cancel 5']);
    expect(actor.getSnapshot().value).toBe('ready');

    const none = createActor(
      withdrawMachine.provide({ actors: { boundAddresses: fromPromise<BoundAddressRow[]>(async () => []) } }),
      {
        input: WITHDRAW_INPUT,
      },
    ).start();
    await flush();
    none.send({ type: 'SET', amount: '20', password: 'x' });
    none.send({ type: 'SUBMIT' });
    expect(none.getSnapshot().context.problem).toEqual({ field: 'address', kind: 'noAddress' });
  });

  it('reaches every state', () => {
    const paths = getShortestPaths(withdrawMachine, {
      input: WITHDRAW_INPUT,
      events: [
        { type: 'xstate.done.actor.0.withdraw.loading', output: [bound(1)] } as never,
        { type: 'xstate.error.actor.0.withdraw.loading', error: new Error('x') } as never,
        { type: 'RETRY' },
        { type: 'SET', amount: '20', password: 'p' },
        { type: 'SUBMIT' },
        { type: 'CANCEL_WITHDRAWAL', id: 1 },
      ],
    });
    expect(new Set(paths.map((path) => path.state.value))).toEqual(
      new Set(['loading', 'failed', 'ready', 'submitting', 'cancelling']),
    );
  });
});

describe('transfer machine', () => {
  const holdings = { change: { 1: '100' }, lever: { 1: '5' } };
  const event: fc.Arbitrary<TransferEvent> = fc.oneof(
    fc.record({
      type: fc.constant('CHOOSE_PARTNER' as const),
      partner: fc.constantFrom('lever' as const, 'micro' as const, 'legal' as const, 'financial' as const),
    }),
    fc.constant({ type: 'SWAP' as const }),
    fc.constant({ type: 'MAX' as const }),
    fc.record({ type: fc.constant('SET_AMOUNT' as const), amount }),
    fc.constant({ type: 'SUBMIT' as const }),
  );

  it('always pairs the trade account with one other, and sends only what `from` holds', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 25 }), (events) => {
        let [snapshot] = initialTransition(transferMachine, {
          partner: 'lever',
          currencyId: 1,
          decimalComma: false,
          holdings,
        });
        for (const next of events) {
          const before = snapshot.context;
          [snapshot] = transition(transferMachine, snapshot, next);
          const { from, to } = snapshot.context;
          expect(isTransferAllowed(from, to)).toBe(true);
          if (snapshot.matches('sending')) {
            const read = readAmount(before.amount, { decimalComma: false, balance: availableOf(before) });
            expect(read.ok).toBe(true);
            break;
          }
          if (next.type === 'MAX') expect(snapshot.context.amount).toBe(availableOf(before));
        }
      }),
    );
  });

  it('reaches every state and sends the pair as from and to', async () => {
    const paths = getShortestPaths(transferMachine, {
      input: { partner: 'lever', currencyId: 1, decimalComma: false, holdings },
      events: [{ type: 'SET_AMOUNT', amount: '1' }, { type: 'SUBMIT' }],
    });
    expect(new Set(paths.map((path) => path.state.value))).toEqual(new Set(['editing', 'sending']));
    const sent: unknown[] = [];
    const actor = createActor(
      transferMachine.provide({ actors: { transfer: fromPromise(async ({ input }) => sent.push(input)) } }),
      { input: { partner: 'lever', currencyId: 1, decimalComma: true, holdings } },
    ).start();
    actor.send({ type: 'SWAP' });
    actor.send({ type: 'SET_AMOUNT', amount: '2,5' });
    actor.send({ type: 'SUBMIT' });
    await flush();
    expect(sent).toEqual([{ currency_id: 1, balance: '2.5', from: 'lever', to: 'change' }]);
  });
});

describe('convert machine', () => {
  const quote = (serverNow: number, ttl: number): ConvertQuote => ({
    quote_id: 'q1',
    currency_id: 2,
    number: '0.01',
    price: '60000',
    receive: '600',
    receive_currency: 'USDT',
    expires_at: serverNow + ttl,
    server_now: serverNow,
  });

  function start(
    ttl: number,
    clock: SimulatedClock,
    convert = fromPromise<AnswerOf<'account/convert'>, PayloadOf<'account/convert'>>(async () => ({
      number: '0.01',
      receive: '600',
      price: '60000',
    })),
  ) {
    return createActor(
      convertMachine.provide({
        actors: { quote: fromPromise(async () => quote(5_000_000, ttl)), convert },
      }),
      { input: { currencyId: 2, balance: '0.5', decimalComma: false }, clock },
    ).start();
  }

  it('counts down on the server clock (its speed from the clock pushes) and expires at 0', async () => {
    const clock = new SimulatedClock();
    const actor = start(10_000, clock);
    actor.send({ type: 'SET_AMOUNT', amount: '0.01' });
    actor.send({ type: 'SUBMIT' });
    await flush();
    expect(actor.getSnapshot().value).toBe('quoted');
    expect(secondsLeft(actor.getSnapshot().context)).toBe(10);
    for (let second = 0; second < 4; second++) clock.increment(1000);
    expect(secondsLeft(actor.getSnapshot().context)).toBe(6);
    // The server says its own now: it wins over the local count.
    actor.send({ type: 'CLOCK', now: 5_008_000, speed: 1 });
    expect(secondsLeft(actor.getSnapshot().context)).toBe(2);
    clock.increment(1000);
    clock.increment(1000);
    expect(actor.getSnapshot().value).toBe('expired');
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().value).toBe('expired');
    actor.send({ type: 'REFRESH' });
    await flush();
    expect(actor.getSnapshot().value).toBe('quoted');
  });

  it('at x60 a quote of 600 simulated seconds lasts 10 real seconds', async () => {
    const clock = new SimulatedClock();
    const actor = start(600_000, clock);
    actor.send({ type: 'CLOCK', now: 0, speed: 60 });
    actor.send({ type: 'SET_AMOUNT', amount: '0.01' });
    actor.send({ type: 'SUBMIT' });
    await flush();
    expect(secondsLeft(actor.getSnapshot().context)).toBe(10);
    for (let second = 0; second < 9; second++) clock.increment(1000);
    expect(actor.getSnapshot().value).toBe('quoted');
    clock.increment(1000);
    expect(actor.getSnapshot().value).toBe('expired');
  });

  it('refuses bad amounts without asking, and a confirmed quote clears the form', async () => {
    fc.assert(
      fc.property(fc.array(amount, { maxLength: 10 }), (typed) => {
        let [snapshot] = initialTransition(convertMachine, {
          currencyId: 2,
          balance: '0.5',
          decimalComma: false,
        });
        for (const text of typed) {
          [snapshot] = transition(convertMachine, snapshot, { type: 'SET_AMOUNT', amount: text });
          [snapshot] = transition(convertMachine, snapshot, { type: 'SUBMIT' });
          const ok = readAmount(text, { decimalComma: false, balance: '0.5' }).ok;
          expect(snapshot.matches('quoting')).toBe(ok);
          if (ok) break;
        }
      }),
    );
    const clock = new SimulatedClock();
    const actor = start(10_000, clock);
    actor.send({ type: 'SET_AMOUNT', amount: '0.01' });
    actor.send({ type: 'SUBMIT' });
    await flush();
    actor.send({ type: 'CONFIRM' });
    await flush();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.amount).toBe('');
    expect(actor.getSnapshot().context.quote).toBeNull();
  });

  it('reaches every state', () => {
    const paths = getShortestPaths(convertMachine, {
      input: { currencyId: 2, balance: '0.5', decimalComma: false },
      events: [
        { type: 'SET_AMOUNT', amount: '0.01' },
        { type: 'SUBMIT' },
        { type: 'xstate.done.actor.0.convert.quoting', output: quote(0, 1000) } as never,
        { type: 'CLOCK', now: 2000, speed: 1 },
        { type: 'REFRESH' },
        { type: 'CONFIRM' },
      ],
    });
    expect(new Set(paths.map((path) => path.state.value))).toEqual(
      new Set(['editing', 'quoting', 'quoted', 'expired', 'converting']),
    );
  });
});
