import { NEVER, Subject } from 'rxjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { ApiClient } from '../../../src/api/client.ts';
import { wireMachines } from '../../../src/app/machines/index.ts';
import type { Frame } from '../../../src/streams/frame.ts';
import { loadFrameSchemas } from '../../../src/streams/lazy-payloads.ts';
import type { ChannelSource } from '../../../src/streams/market.ts';
import { createQueries } from '../../../src/streams/queries/index.ts';

/**
 * The wallet's forms follow their balance through the actor their machine invokes, wired in
 * src/app (no view forwards it): a BALANCE push reloads account/list, and the machine checks the
 * next amount against the figure it now says.
 */
const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

interface Line {
  account: string;
  currency: number;
  balance: string;
  withdrawable?: string;
}

function backend(answers: Line[][]) {
  const calls: string[] = [];
  const balance = new Subject<Frame>();
  let answered = 0;
  const api = {
    call: (path: string) => {
      calls.push(path);
      if (path !== 'account/list') return new Promise(() => undefined);
      const lines = answers[Math.min(answered++, answers.length - 1)] ?? [];
      const accounts = [...new Set(lines.map((line) => line.account))].map((account) => ({
        account_code: `${account}_account`,
        accounts: lines
          .filter((line) => line.account === account)
          .map((line) => ({
            currency_id: line.currency,
            balance: line.balance,
            ...(line.withdrawable ? { withdrawable: line.withdrawable } : {}),
          })),
      }));
      return Promise.resolve(accounts);
    },
  } as unknown as ApiClient;
  const socket = {
    channel: (name: string) => (name === 'BALANCE' ? balance.asObservable() : NEVER),
  } as unknown as ChannelSource;
  const machines = wireMachines(api, socket, createQueries(api, socket));
  const push = async () => {
    balance.next({ type: 'BALANCE', account: 'change', currency_id: 1, balance: '0', lock_balance: '0' });
    await tick(300);
  };
  const listed = () => calls.filter((path) => path === 'account/list').length;
  return { machines, push, listed };
}

beforeAll(() => loadFrameSchemas());

describe('balance feeds wired in src/app', () => {
  it('withdraw follows what may be withdrawn of its currency, and checks the amount against it', async () => {
    const { machines, push } = backend([
      [
        { account: 'change', currency: 1, balance: '100', withdrawable: '40' },
        { account: 'change', currency: 2, balance: '7' },
      ],
      [
        { account: 'change', currency: 1, balance: '100', withdrawable: '70' },
        { account: 'change', currency: 2, balance: '7' },
      ],
    ]);
    const actor = createActor(machines.wallet.withdraw, {
      input: {
        currencyId: 1,
        code: 'USDT',
        chains: [{ id: 1, code: 'TRC20', needMemo: false }],
        drawMin: '1',
        drawMax: '1000',
        balance: '1',
        decimalComma: false,
      },
    }).start();
    await tick(20);
    expect(actor.getSnapshot().context.balance).toBe('40');
    await push();
    expect(actor.getSnapshot().context.balance).toBe('70');
    actor.stop();
  });

  it('convert follows the available balance of its currency', async () => {
    const { machines, push } = backend([
      [{ account: 'change', currency: 2, balance: '0.5' }],
      [{ account: 'change', currency: 2, balance: '0.25' }],
    ]);
    const actor = createActor(machines.wallet.convert, {
      input: { currencyId: 2, balance: '9', decimalComma: false },
    }).start();
    await tick(20);
    expect(actor.getSnapshot().context.balance).toBe('0.5');
    await push();
    expect(actor.getSnapshot().context.balance).toBe('0.25');
    // Above what the account now holds: refused with its problem, nothing asked.
    actor.send({ type: 'SET_AMOUNT', amount: '0.3' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.problem?.kind).toBe('aboveBalance');
    actor.stop();
  });

  it('earnings buy follows the financial account only while a product is chosen', async () => {
    const { machines, push, listed } = backend([
      [
        { account: 'change', currency: 1, balance: '999' },
        { account: 'financial', currency: 1, balance: '20' },
      ],
      [
        { account: 'change', currency: 1, balance: '999' },
        { account: 'financial', currency: 1, balance: '200' },
      ],
    ]);
    const actor = createActor(machines.earnings.buy, { input: { decimalComma: false } }).start();
    await tick(20);
    expect(listed()).toBe(0);
    actor.send({
      type: 'CHOOSE',
      product: {
        id: 1,
        name: 'USDT Flexible',
        code: 'USDT',
        currencyId: 1,
        days: 0,
        rate: '3',
        min: '10',
        max: '1000',
        held: '0',
        left: '1000',
      },
      balance: '0',
    });
    await tick(20);
    expect(actor.getSnapshot().context.balance).toBe('20');
    actor.send({ type: 'SET_AMOUNT', amount: '150' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.problem?.kind).toBe('aboveBalance');
    await push();
    expect(actor.getSnapshot().context.balance).toBe('200');
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'CLOSE' });
    const before = listed();
    await push();
    // Closed: nothing follows the account any more.
    expect(listed()).toBe(before);
    actor.stop();
  });

  it("transfer follows every account's holdings", async () => {
    const { machines, push } = backend([
      [
        { account: 'change', currency: 1, balance: '10' },
        { account: 'lever', currency: 1, balance: '3' },
      ],
      [
        { account: 'change', currency: 1, balance: '8' },
        { account: 'lever', currency: 1, balance: '5' },
      ],
    ]);
    const actor = createActor(machines.wallet.transfer, {
      input: { partner: 'lever', currencyId: 1, decimalComma: false },
    }).start();
    await tick(20);
    expect(actor.getSnapshot().context.holdings).toEqual({ change: { 1: '10' }, lever: { 1: '3' } });
    await push();
    expect(actor.getSnapshot().context.holdings).toEqual({ change: { 1: '8' }, lever: { 1: '5' } });
    actor.stop();
  });
});
