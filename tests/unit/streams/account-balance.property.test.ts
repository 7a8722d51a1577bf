import fc from 'fast-check';
import { firstValueFrom, from, NEVER, Subject, toArray } from 'rxjs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../src/api/client.ts';
import { accountBalance$, accountHoldings$ } from '../../../src/streams/account-balance.ts';
import type { Frame } from '../../../src/streams/frame.ts';
import { loadFrameSchemas } from '../../../src/streams/lazy-payloads.ts';
import type { Loadable } from '../../../src/streams/loadable.ts';
import type { ChannelSource } from '../../../src/streams/market.ts';
import { walletQueries, type WalletGroup } from '../../../src/streams/queries/wallet.ts';

/**
 * A form follows the balance the page shows beside it (withdraw, convert, earnings buy): one figure
 * of one account's currency, from every load that has data, only when it changes.
 */
const ACCOUNTS = ['change', 'legal', 'lever', 'micro', 'financial'] as const;

interface Row {
  currency: number;
  balance: string;
  withdrawable?: string;
}

function group(account: (typeof ACCOUNTS)[number], rows: readonly Row[]): WalletGroup {
  return {
    account_code: `${account}_account`,
    accounts: rows.map((row) => ({
      currency_id: row.currency,
      balance: row.balance,
      ...(row.withdrawable === undefined ? {} : { withdrawable: row.withdrawable }),
    })),
  } as unknown as WalletGroup;
}

const amount = fc.constantFrom('0', '1', '2.5', '10', '10.00000001');
const row = fc.record(
  { currency: fc.integer({ min: 1, max: 3 }), balance: amount, withdrawable: amount },
  { requiredKeys: ['currency', 'balance'] },
);
const groups = fc.uniqueArray(
  fc.record({ account: fc.constantFrom(...ACCOUNTS), rows: fc.array(row, { maxLength: 3 }) }),
  { selector: (entry) => entry.account, maxLength: 5 },
);
const loadableOf = fc.oneof(
  fc.constant<Loadable<WalletGroup[]>>({ status: 'loading' }),
  fc.constant<Loadable<WalletGroup[]>>({ status: 'failed', error: new Error('down') }),
  groups.map((list): Loadable<WalletGroup[]> => ({
    status: 'ready',
    data: list.map((entry) => group(entry.account, entry.rows)),
  })),
  groups.map((list): Loadable<WalletGroup[]> => ({
    status: 'loading',
    data: list.map((entry) => group(entry.account, entry.rows)),
  })),
);

async function all<T>(source: import('rxjs').Observable<T>): Promise<T[]> {
  return firstValueFrom(source.pipe(toArray()));
}

describe('accountBalance$', () => {
  it('emits the figure of the first row of that account and currency in each load with data, when it changed', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(loadableOf, { maxLength: 12 }),
        fc.constantFrom(...ACCOUNTS),
        fc.integer({ min: 1, max: 3 }),
        fc.constantFrom('balance' as const, 'withdrawable' as const),
        async (states, account, currency, figure) => {
          // The model: walk the loads, read the row by hand, drop repeats.
          const expected: string[] = [];
          for (const state of states) {
            const rows = state.data?.find((g) => g.account_code === `${account}_account`)?.accounts ?? [];
            const line = rows.find((candidate) => candidate.currency_id === currency);
            if (!line) continue;
            const value = figure === 'withdrawable' && line.withdrawable ? line.withdrawable : line.balance;
            if (expected.at(-1) !== value) expected.push(value);
          }
          expect(await all(accountBalance$(from(states), account, currency, figure))).toEqual(expected);
        },
      ),
    );
  });

  it('reads what may be withdrawn where the server states it, else the available balance', async () => {
    const ready = (rows: Row[]): Loadable<WalletGroup[]> => ({
      status: 'ready',
      data: [group('change', rows)],
    });
    const states = [
      ready([{ currency: 1, balance: '10', withdrawable: '4' }]),
      ready([{ currency: 1, balance: '10' }]),
    ];
    expect(await all(accountBalance$(from(states), 'change', 1, 'withdrawable'))).toEqual(['4', '10']);
    expect(await all(accountBalance$(from(states), 'change', 1, 'balance'))).toEqual(['10']);
    // Another account's row of the same currency is not this one's.
    expect(await all(accountBalance$(from(states), 'financial', 1, 'balance'))).toEqual([]);
  });
});

describe('accountHoldings$', () => {
  it('gives every account its available balance per currency, for each load with data', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(loadableOf, { maxLength: 8 }), async (states) => {
        const seen = await all(accountHoldings$(from(states)));
        const withData = states.filter((state) => state.data !== undefined);
        expect(seen).toHaveLength(withData.length);
        seen.forEach((holdings, index) => {
          for (const g of withData[index]?.data ?? []) {
            const account = g.account_code.replace('_account', '') as (typeof ACCOUNTS)[number];
            for (const line of g.accounts)
              // The last row of a currency wins, as Object.fromEntries keeps it.
              expect(holdings[account]?.[line.currency_id]).toBe(
                g.accounts.filter((other) => other.currency_id === line.currency_id).at(-1)?.balance,
              );
          }
        });
      }),
    );
  });
});

describe("the wallet's account/list", () => {
  beforeAll(() => loadFrameSchemas());
  function wallet() {
    const calls: string[] = [];
    const balance = new Subject<Frame>();
    const api = {
      call: (path: string) => {
        calls.push(path);
        return Promise.resolve([group('change', [{ currency: 1, balance: String(calls.length) }])]);
      },
    } as unknown as ApiClient;
    const socket = {
      channel: (name: string) => (name === 'BALANCE' ? balance.asObservable() : NEVER),
    } as unknown as ChannelSource;
    return { calls, balance, queries: walletQueries(api, socket) };
  }
  const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

  it('is one load for the page and every form that follows it, reloaded once per push, forgotten with its last reader', async () => {
    const { calls, balance, queries } = wallet();
    const table: Loadable<WalletGroup[]>[] = [];
    const form: string[] = [];
    const first = queries.accounts$().subscribe((state) => table.push(state));
    const second = queries.balance$('change', 1, 'balance').subscribe((value) => form.push(value));
    await tick();
    expect(calls).toEqual(['account/list']);
    expect(form).toEqual(['1']);

    balance.next({ type: 'BALANCE', account: 'change', currency_id: 1, balance: '2', lock_balance: '0' });
    await tick(300);
    expect(calls).toEqual(['account/list', 'account/list']);
    expect(form).toEqual(['1', '2']);
    expect(table.at(-1)?.data?.[0]?.accounts[0]?.balance).toBe('2');

    first.unsubscribe();
    second.unsubscribe();
    const later: Loadable<WalletGroup[]>[] = [];
    queries
      .accounts$()
      .subscribe((state) => later.push(state))
      .unsubscribe();
    // Nobody was reading: the next reader starts from a fresh load, not from what the last one saw.
    expect(later[0]).toEqual({ status: 'loading' });
  });
});
