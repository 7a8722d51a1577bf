// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { Profiler } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { ShareServices } from '../views/share-services.tsx';
import { createActor, fromEventObservable, fromPromise, SimulatedClock } from 'xstate';
import { Subject } from 'rxjs';
import type { PayloadOf } from '../../../src/api/catalogue.ts';
import { MICRO_STATUS_RUNNING, MICRO_TYPE_UP } from '../../../src/domain/contract-codes.ts';
import { microOrderMachine, type MicroTerms } from '../../../src/machines/micro-order.machine.ts';
import {
  microScreenMachine,
  type MicroListInput,
  type MicroListPage,
} from '../../../src/machines/micro-screen.machine.ts';
import type { MicroOrder } from '../../../src/streams/micro-pushes.ts';
import { MicroContracts } from '../../../src/views/pages/micro/MicroContracts.tsx';
import { i18n } from '../views/harness.tsx';

afterEach(cleanup);

const NOW = 1_800_000_000_000;
const CONTRACTS = 200;

function order(id: number): MicroOrder {
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
    // One a second apart, as if bought one after another.
    expires_at: NOW + 600_000 + id * 1000,
    remain_milli_seconds: 600_000 + id * 1000,
    server_now: NOW,
    open_trade: { id, time: NOW, price: '100.25' },
    end_trade: null,
  };
}

/** The real screen machine on a simulated clock, its list answered with `running`, no pushes. */
function screenWith(running: MicroOrder[]) {
  const clock = new SimulatedClock();
  const machine = microScreenMachine.provide({
    actors: {
      form: microOrderMachine.provide({
        actors: {
          // Never answered: the list is under test, not the form.
          loadTerms: fromPromise<MicroTerms>(() => new Promise(() => {})),
          submit: fromPromise<MicroOrder, PayloadOf<'microtrade/submit'>>(() => new Promise(() => {})),
        },
      }),
      loadList: fromPromise<MicroListPage, MicroListInput>(async ({ input }) =>
        input.status === MICRO_STATUS_RUNNING
          ? { rows: running, total: running.length }
          : { rows: [], total: 0 },
      ),
      closedPushes: fromEventObservable(() => new Subject<{ type: 'CLOSED'; order: MicroOrder }>()),
    },
  });
  const actor = createActor(machine, { input: { matchId: 1, signedIn: true }, clock }).start();
  return { actor, clock };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the running contracts list (issue 14 item 8)', () => {
  it('counts 200 contracts down with the one clock and renders nothing again while the list is the same', async () => {
    const { actor, clock } = screenWith(Array.from({ length: CONTRACTS }, (_, index) => order(index + 1)));
    let commits = 0;
    const view = render(
      <I18nextProvider i18n={i18n}>
        <ShareServices>
          <Profiler id="contracts" onRender={() => commits++}>
            <MicroContracts screen={actor} />
          </Profiler>
        </ShareServices>
      </I18nextProvider>,
    );
    await act(settle);
    const cells = () => view.getAllByTestId('micro-countdown').map((cell) => cell.textContent);
    expect(cells()).toHaveLength(CONTRACTS);
    expect(cells()[0]).toBe('601 s left');
    expect(cells()[CONTRACTS - 1]).toBe('800 s left');

    const rendered = commits;
    // Ten seconds of the screen's one tick, then a clock push at x10: every countdown moves...
    for (let second = 0; second < 10; second++) await act(() => clock.increment(1000));
    expect(cells()[0]).toBe('591 s left');
    await act(() => actor.send({ type: 'SERVER_NOW', now: NOW + 20_000, speed: 10 }));
    expect(cells()[0]).toBe('581 s left');
    await act(() => clock.increment(1000));
    expect(cells()[0]).toBe('571 s left');
    expect(cells()[CONTRACTS - 1]).toBe('770 s left');
    // ...and React rendered nothing for it: the cells were painted.
    expect(commits).toBe(rendered);

    // A contract leaving the list is a render, and the others go on counting.
    await act(() => actor.send({ type: 'DROP', id: 1 }));
    expect(commits).toBeGreaterThan(rendered);
    expect(cells()).toHaveLength(CONTRACTS - 1);
    expect(cells()[0]).toBe('572 s left');
    await act(() => clock.increment(1000));
    expect(cells()[0]).toBe('562 s left');
    actor.stop();
  });
});
