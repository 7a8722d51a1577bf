// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  MICRO_STATUS_CLOSED,
  MICRO_STATUS_RUNNING,
  MICRO_TYPE_DOWN,
  MICRO_TYPE_UP,
} from '../../../src/domain/contract-codes.ts';
import type { MicroOrder } from '../../../src/streams/micro-pushes.ts';
import {
  chartContracts,
  contractMarks,
  sameChartContracts,
  SHARED_LABEL_FRACTION,
} from '../../../src/views/pages/micro/contract-marks.ts';
import { proofHref } from '../../../src/views/pages/micro/MicroProof.tsx';
import { clockText, trimmedDecimal } from '../../../src/views/pages/micro/micro-text.ts';
import { useThrottled } from '../../../src/views/pages/micro/use-throttled.ts';
import { parseMomentParam } from '../../../src/views/components/links.ts';
import { unitsPlainText } from '../../../src/domain/money.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const NOW = 1_800_000_000_000;

function order(id: number, over: Partial<MicroOrder> = {}): MicroOrder {
  return {
    id,
    match_id: 1,
    symbol_name: 'BTC/USDT',
    seconds: 30,
    number: '10.00000000',
    currency_id: 1,
    currency_name: 'USDT',
    type: MICRO_TYPE_UP,
    status: MICRO_STATUS_RUNNING,
    open_price: '100.25',
    end_price: '',
    profit_ratio: '0.80',
    fact_profits: '0.00',
    profit_result: 0,
    fee: '0.01000000',
    created_at: NOW,
    expires_at: NOW + 30_000,
    remain_milli_seconds: 30_000,
    server_now: NOW,
    open_trade: { id: 1, time: NOW - 200, price: '100.25' },
    end_trade: null,
    ...over,
  };
}

/** Contracts with distinct ids, random direction, stake, open moment and duration, some already closed. */
const orders = fc
  .uniqueArray(
    fc.record({
      id: fc.integer({ min: 1, max: 1_000_000 }),
      up: fc.boolean(),
      closed: fc.boolean(),
      stake: fc.integer({ min: 1, max: 10_000_000 }),
      price: fc.integer({ min: 1, max: 10_000_000 }),
      opened: fc.integer({ min: -600_000, max: 0 }),
      seconds: fc.constantFrom(30, 60, 180, 300, 600),
    }),
    { selector: (each) => each.id, maxLength: 40 },
  )
  .map((rows) =>
    rows.map((row) =>
      order(row.id, {
        type: row.up ? MICRO_TYPE_UP : MICRO_TYPE_DOWN,
        status: row.closed ? MICRO_STATUS_CLOSED : MICRO_STATUS_RUNNING,
        number: unitsPlainText(BigInt(row.stake)),
        open_price: (row.price / 100).toFixed(2),
        created_at: NOW + row.opened,
        expires_at: NOW + row.opened + row.seconds * 1000,
      }),
    ),
  );

describe('micro chart marks', () => {
  it('draws the running contracts expiring soonest, at most the limit, with the moment each expires', () => {
    fc.assert(
      fc.property(orders, fc.integer({ min: 0, max: 12 }), (rows, limit) => {
        const shown = chartContracts(rows, limit);
        const running = rows.filter((row) => row.status === MICRO_STATUS_RUNNING);
        expect(shown).toHaveLength(Math.min(limit, running.length));
        const byId = new Map(rows.map((row) => [row.id, row]));
        for (const contract of shown) {
          const row = byId.get(contract.id)!;
          expect(row.status).toBe(MICRO_STATUS_RUNNING);
          expect(contract.expiresAt).toBe(row.expires_at);
          expect(contract.up).toBe(row.type === MICRO_TYPE_UP);
          expect(contract.openPrice).toBe(Number(row.open_price));
          expect(contract.openedAt).toBe(row.created_at);
        }
        // Nothing left out expires before something shown.
        const latestShown = Math.max(...shown.map((each) => byId.get(each.id)!.expires_at));
        const shownIds = new Set(shown.map((each) => each.id));
        for (const row of running)
          if (!shownIds.has(row.id)) expect(row.expires_at).toBeGreaterThanOrEqual(latestShown);
      }),
    );
  });

  it('one price line per contract at its open price, green up and red down, and one moment when it opened', () => {
    fc.assert(
      fc.property(orders, (rows) => {
        const shown = chartContracts(rows, 100);
        const marks = contractMarks(shown, (contract) => `label ${contract.id} ${contract.expiresAt}`);
        expect(marks.prices).toHaveLength(shown.length);
        expect(marks.moments).toHaveLength(shown.length);
        expect(new Set([...marks.prices, ...marks.moments].map((mark) => mark.id)).size).toBe(
          2 * shown.length,
        );
        shown.forEach((contract, index) => {
          const line = marks.prices[index]!;
          expect(line.price).toBe(contract.openPrice);
          const tone = contract.up ? 'profit' : 'loss';
          if (line.tone === 'neutral') {
            // Only a label shared with a contract of the other direction, opened at nearly its price.
            expect(line.label).not.toBe('');
            const fraction = SHARED_LABEL_FRACTION * Math.abs(line.price);
            expect(
              shown.some(
                (other) => other.up !== contract.up && Math.abs(other.openPrice - line.price) <= fraction,
              ),
            ).toBe(true);
          } else {
            expect(line.tone).toBe(tone);
          }
          const moment = marks.moments[index]!;
          expect(moment.time).toBe(contract.openedAt);
          expect(moment.tone).toBe(tone);
          expect(moment.label).toBe(contract.up ? '▲' : '▼');
        });
      }),
    );
  });

  it('every contract is named in exactly one label; labelled lines never sit within the shared fraction', () => {
    fc.assert(
      fc.property(orders, (rows) => {
        const shown = chartContracts(rows, 100);
        const marks = contractMarks(shown, (contract) => `<${contract.id}>`);
        const labelled = marks.prices.filter((line) => line.label !== '');
        for (const [index, a] of labelled.entries())
          for (const b of labelled.slice(index + 1))
            expect(Math.abs(a.price - b.price)).toBeGreaterThan(
              SHARED_LABEL_FRACTION * Math.abs(a.price) - 1e-9,
            );
        // Named, or counted in a "+N" of the label that names its neighbours.
        const named = labelled.flatMap((line) =>
          [...line.label.matchAll(/<(\d+)>/g)].map((match) => Number(match[1])),
        );
        const counted = labelled.reduce(
          (sum, line) => sum + Number(/\+(\d+)$/.exec(line.label)?.[1] ?? 0),
          0,
        );
        expect(new Set(named).size).toBe(named.length);
        expect(named.length + counted).toBe(shown.length);
        // A line that shares a label is within the fraction of the line that carries it.
        marks.prices.forEach((line) => {
          if (line.label !== '') return;
          expect(
            labelled.some(
              (other) => Math.abs(other.price - line.price) <= SHARED_LABEL_FRACTION * Math.abs(other.price),
            ),
          ).toBe(true);
        });
      }),
    );
  });

  it('two contracts opened at nearly one price share a label; far apart each has its own', () => {
    const near = chartContracts([
      order(1, { open_price: '81208.18' }),
      order(2, { open_price: '81198.50', type: MICRO_TYPE_DOWN, expires_at: NOW + 60_000 }),
    ]);
    const label = (contract: { id: number }) => `#${contract.id}`;
    expect(contractMarks(near, label).prices.map((line) => line.label)).toEqual(['#1   #2', '']);
    // Up and down share it: neither colour would be true of both, so it is neutral; the other line keeps its own.
    expect(contractMarks(near, label).prices.map((line) => line.tone)).toEqual(['neutral', 'loss']);
    // A phone's chart names one and counts the rest.
    expect(contractMarks(near, label, 1).prices.map((line) => line.label)).toEqual(['#1   +1', '']);
    const far = chartContracts([
      order(1, { open_price: '81208.18' }),
      order(2, { open_price: '80000', expires_at: NOW + 60_000 }),
    ]);
    expect(contractMarks(far, label).prices.map((line) => line.label)).toEqual(['#1', '#2']);
    const many = chartContracts([1, 2, 3, 4].map((id) => order(id, { expires_at: NOW + id * 1000 })));
    expect(contractMarks(many, label).prices.map((line) => line.label)).toEqual(['#1   #2   +2', '', '', '']);
    expect(contractMarks(many, label).prices.map((line) => line.tone)).toEqual([
      'profit',
      'profit',
      'profit',
      'profit',
    ]);
  });

  it('the same contracts answered again later (a reload, a clock push) draw the same marks: the clock redraws nothing', () => {
    fc.assert(
      fc.property(orders, fc.integer({ min: 0, max: 700_000 }), (rows, later) => {
        const again = rows.map((row) => ({
          ...row,
          server_now: row.server_now + later,
          remain_milli_seconds: Math.max(0, row.remain_milli_seconds - later),
        }));
        expect(sameChartContracts(chartContracts(rows), chartContracts(again))).toBe(true);
      }),
    );
  });

  it('a contract bought or settled changes the marks', () => {
    const one = chartContracts([order(1)]);
    expect(sameChartContracts(one, chartContracts([order(1), order(2)]))).toBe(false);
    expect(sameChartContracts(one, chartContracts([order(1, { status: MICRO_STATUS_CLOSED })]))).toBe(false);
    expect(sameChartContracts(one, chartContracts([order(1, { type: MICRO_TYPE_DOWN })]))).toBe(false);
    expect(sameChartContracts(one, chartContracts([order(1, { expires_at: NOW + 60_000 })]))).toBe(false);
    expect(sameChartContracts(one, chartContracts([order(1)]))).toBe(true);
  });
});

describe('the chart follows the contracts at most once a second', () => {
  it('passes the first value at once and only the latest of a burst after the wait', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { result, rerender } = renderHook(({ value }) => useThrottled(value, 1000), {
      initialProps: { value: 1 },
    });
    expect(result.current).toBe(1);
    rerender({ value: 2 });
    expect(result.current).toBe(2);
    rerender({ value: 3 });
    rerender({ value: 4 });
    expect(result.current).toBe(2);
    act(() => void vi.advanceTimersByTime(999));
    expect(result.current).toBe(2);
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current).toBe(4);
    // A value that comes back to what was shown is not passed again.
    act(() => void vi.advanceTimersByTime(1000));
    rerender({ value: 5 });
    expect(result.current).toBe(5);
  });

  it('never passes more than one value a second, whatever the timing of the changes', () => {
    fc.assert(
      // Changes come on a 50 ms grid and time moves 50 ms per act, so each render lands at the
      // instant its timer fired (a render inside a longer act would be seen only at its end).
      fc.property(fc.array(fc.integer({ min: 0, max: 14 }), { minLength: 1, maxLength: 25 }), (steps) => {
        vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
        // When each new value reached the page (a render that shows it), by the faked clock.
        const passedAt: number[] = [];
        let shown: number | undefined;
        const { result, rerender, unmount } = renderHook(
          ({ value }) => {
            const current = useThrottled(value, 1000);
            if (current !== shown) {
              shown = current;
              passedAt.push(Date.now());
            }
            return current;
          },
          { initialProps: { value: 0 } },
        );
        const wait = (ms: number) => {
          for (let left = ms; left > 0; left -= 50) act(() => void vi.advanceTimersByTime(50));
        };
        steps.forEach((step, index) => {
          wait(step * 50);
          rerender({ value: index + 1 });
        });
        wait(1000);
        // The last value always gets through.
        expect(result.current).toBe(steps.length);
        // The first value is the initial one; every later one comes a second or more after the one before.
        passedAt.slice(2).forEach((time, index) => {
          expect(time - passedAt[index + 1]!).toBeGreaterThanOrEqual(1000);
        });
        unmount();
        vi.useRealTimers();
      }),
      { numRuns: 30 },
    );
  });
});

describe('proof link and texts', () => {
  it('the proof link carries both trades as moments the trade screen reads back', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1e12, max: 4e12 }),
        fc.integer({ min: 0, max: 600_000 }),
        (open, span) => {
          const href = proofHref(
            'BTC/USDT',
            { id: 1, time: open, price: '1' },
            { id: 2, time: open + span, price: '1' },
          );
          const params = new URL(href, 'http://x').searchParams;
          expect(params.get('symbol')).toBe('BTC/USDT');
          expect(parseMomentParam(params.get('from'))).toBe(open);
          expect(parseMomentParam(params.get('at'))).toBe(open + span);
        },
      ),
    );
  });

  it('a trade time sent as a date text is left out of the link rather than guessed', () => {
    expect(
      proofHref(
        'ETH/USDT',
        { id: 1, time: '2026-11-24 10:00:00', price: '1' },
        { id: 2, time: 5e12, price: '1' },
      ),
    ).toBe('/trade?symbol=ETH/USDT&at=5000000000000');
  });

  it('decimals lose trailing zeros only after a point', () => {
    expect(trimmedDecimal('100.00000000')).toBe('100');
    expect(trimmedDecimal('10')).toBe('10');
    expect(trimmedDecimal('0.50')).toBe('0.5');
    expect(trimmedDecimal('0.00')).toBe('0');
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 16n), max: 10n ** 16n }), (units) => {
        const text = unitsPlainText(units);
        expect(text).not.toMatch(/\.\d*0$/);
        const [whole, fraction = ''] = text.replace('-', '').split('.');
        const back = BigInt(whole!) * 100_000_000n + BigInt(fraction.padEnd(8, '0') || '0');
        expect(text.startsWith('-') ? -back : back).toBe(units);
      }),
    );
  });
});

describe('proof trade times', () => {
  it("read in the chart's time zone, to the second, on a 24-hour clock", () => {
    const moment = Date.UTC(2026, 10, 24, 4, 5, 9);
    expect(clockText(moment, 'en', 'UTC')).toBe('04:05:09');
    expect(clockText(moment, 'en', 'Asia/Shanghai')).toBe('12:05:09');
    expect(clockText(moment, 'ko', 'UTC')).toBe('04:05:09');
  });
});
