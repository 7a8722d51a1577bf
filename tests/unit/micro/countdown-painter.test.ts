// @vitest-environment jsdom
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MICRO_STATUS_CLOSED,
  MICRO_STATUS_RUNNING,
  MICRO_TYPE_UP,
} from '../../../src/domain/contract-codes.ts';
import { countdownSeconds } from '../../../src/domain/micro/rules.ts';
import type { ServerClock } from '../../../src/machines/micro-screen.machine.ts';
import type { MicroOrder } from '../../../src/streams/micro-pushes.ts';
import {
  COUNTDOWN_ATTRIBUTE,
  createCountdownPainter,
} from '../../../src/views/pages/micro/countdown-painter.ts';

const NOW = 1_800_000_000_000;

function order(id: number, over: Partial<MicroOrder> = {}): MicroOrder {
  return {
    id,
    match_id: 1,
    symbol_name: 'BTC/USDT',
    seconds: 600,
    number: '1.00000000',
    currency_id: 1,
    currency_name: 'USDT',
    type: MICRO_TYPE_UP,
    status: MICRO_STATUS_RUNNING,
    open_price: '100.25',
    end_price: '',
    profit_ratio: '0.40',
    fact_profits: '0.00',
    profit_result: 0,
    fee: '0.00100000',
    created_at: NOW,
    expires_at: NOW + 600_000,
    remain_milli_seconds: 600_000,
    server_now: NOW,
    open_trade: { id: 1, time: NOW - 200, price: '100.25' },
    end_trade: null,
    ...over,
  };
}

/** A list as MicroContracts renders it: a row per contract, an empty countdown cell per running one. */
function listOf(orders: readonly MicroOrder[]): HTMLUListElement {
  const list = document.createElement('ul');
  for (const each of orders) {
    const row = document.createElement('li');
    if (each.status === MICRO_STATUS_RUNNING) {
      const cell = document.createElement('span');
      cell.setAttribute(COUNTDOWN_ATTRIBUTE, String(each.id));
      row.append(cell);
    } else {
      row.textContent = 'closed';
    }
    list.append(row);
  }
  return list;
}

function cellOf(list: HTMLElement, id: number): HTMLElement {
  return list.querySelector<HTMLElement>(`[${COUNTDOWN_ATTRIBUTE}="${id}"]`)!;
}

/** Running and closed contracts with distinct ids, opened in the last 600 s with any duration offered. */
const contracts = fc
  .uniqueArray(
    fc.record({
      id: fc.integer({ min: 1, max: 1_000_000 }),
      closed: fc.boolean(),
      opened: fc.integer({ min: -600_000, max: 0 }),
      seconds: fc.constantFrom(30, 60, 180, 300, 600),
    }),
    { selector: (each) => each.id, maxLength: 40 },
  )
  .map((rows) =>
    rows.map((row) =>
      order(row.id, {
        status: row.closed ? MICRO_STATUS_CLOSED : MICRO_STATUS_RUNNING,
        created_at: NOW + row.opened,
        expires_at: NOW + row.opened + row.seconds * 1000,
        server_now: NOW + row.opened,
      }),
    ),
  );

const clocks = fc
  .integer({ min: -5_000, max: 700_000 })
  .map((ahead): ServerClock => ({ now: NOW + ahead, speed: 10 }));

const words = (seconds: number) => `${seconds} s left`;

describe("the micro countdown painter (issue 14 item 8: countdowns painted from the screen's one clock)", () => {
  it("writes each running contract's whole seconds left by the clock into its cell, and nothing else", () => {
    fc.assert(
      fc.property(contracts, clocks, clocks, (orders, first, second) => {
        const list = listOf(orders);
        const closedBefore = [...list.children].map((row) => row.textContent);
        const paint = createCountdownPainter(list, orders, words);
        for (const clock of [first, second]) {
          paint(clock);
          orders.forEach((each, index) => {
            if (each.status !== MICRO_STATUS_RUNNING) {
              expect(list.children[index]!.textContent).toBe(closedBefore[index]);
              return;
            }
            const seconds = countdownSeconds(each.expires_at - Math.max(clock.now!, each.created_at));
            expect(cellOf(list, each.id).textContent).toBe(words(seconds));
          });
        }
      }),
    );
  });

  it('a clock move within the same whole seconds touches no cell and makes no text', () => {
    fc.assert(
      fc.property(contracts, clocks, fc.integer({ min: 0, max: 999 }), (orders, clock, step) => {
        const list = listOf(orders);
        let made = 0;
        const paint = createCountdownPainter(list, orders, (seconds) => {
          made += 1;
          return words(seconds);
        });
        paint(clock);
        const moved: ServerClock = { ...clock, now: clock.now! + step };
        const changes = orders.filter(
          (each) =>
            each.status === MICRO_STATUS_RUNNING &&
            countdownSeconds(each.expires_at - Math.max(clock.now!, each.created_at)) !==
              countdownSeconds(each.expires_at - Math.max(moved.now!, each.created_at)),
        );
        const observer = new MutationObserver(() => {});
        observer.observe(list, { subtree: true, childList: true, characterData: true });
        made = 0;
        paint(moved);
        const touched = new Set(
          observer
            .takeRecords()
            // A cell's text changes in its text node (text-cells.ts): the cell is that node's parent.
            .map((record) =>
              (record.target.nodeType === Node.TEXT_NODE
                ? record.target.parentElement
                : (record.target as HTMLElement)
              )?.getAttribute(COUNTDOWN_ATTRIBUTE),
            ),
        );
        observer.disconnect();
        expect(touched).toEqual(new Set(changes.map((each) => String(each.id))));
        expect(made).toBeLessThanOrEqual(changes.length);
      }),
    );
  });

  it('two hundred contracts bought together make one text a paint', () => {
    const orders = Array.from({ length: 200 }, (_, index) => order(index + 1));
    const list = listOf(orders);
    const made: number[] = [];
    const paint = createCountdownPainter(list, orders, (seconds) => {
      made.push(seconds);
      return words(seconds);
    });
    paint({ now: NOW + 10_000, speed: 10 });
    paint({ now: NOW + 20_000, speed: 10 });
    expect(made).toEqual([590, 580]);
    expect(list.querySelectorAll(`[${COUNTDOWN_ATTRIBUTE}]`)[199]!.textContent).toBe('580 s left');
  });

  it('with no clock yet, counts from the server time the contract was answered with, never past its duration', () => {
    const list = listOf([order(1, { server_now: NOW + 10_500 }), order(2, { server_now: NOW - 5_000 })]);
    createCountdownPainter(
      list,
      [order(1, { server_now: NOW + 10_500 }), order(2, { server_now: NOW - 5_000 })],
      words,
    )({
      now: null,
      speed: 1,
    });
    expect(cellOf(list, 1).textContent).toBe('590 s left');
    expect(cellOf(list, 2).textContent).toBe('600 s left');
  });

  it('a cell of a contract the painter was not given is left alone', () => {
    const list = listOf([order(1), order(2)]);
    cellOf(list, 2).textContent = 'as it was';
    createCountdownPainter(list, [order(1)], words)({ now: NOW + 1_000, speed: 1 });
    expect(cellOf(list, 1).textContent).toBe('599 s left');
    expect(cellOf(list, 2).textContent).toBe('as it was');
  });
});
