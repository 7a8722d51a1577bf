import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { LEVER_PRICE_MARKET, LEVER_TYPE_SHORT } from '../../../src/domain/contract-codes.ts';
import { leverOrderMachine, submitPayload } from '../../../src/machines/lever-order.machine.ts';
import type { LeverTerms } from '../../../src/machines/lever-terms.ts';

/**
 * The lever form's reduce-only switch: the order goes at market without its stops (kept as typed
 * for when it is switched off), needs no bond (an empty lever account can still reduce), and is
 * sent with reduce_only 1.
 */
const TERMS: LeverTerms = {
  shareNum: '0.01',
  minShare: 1,
  maxShare: 500,
  feeRate: '0.001',
  pointRate: '0',
  multiples: [10],
  balance: '0',
  quoteCode: 'USDT',
  priceDecimals: 2,
  account: null,
};

async function form() {
  const actor = createActor(
    leverOrderMachine.provide({ actors: { loadTerms: fromPromise(async () => TERMS) } }),
    { input: { matchId: 2, decimalComma: false } },
  ).start();
  await waitFor(actor, (snapshot) => snapshot.matches('editing'));
  actor.send({ type: 'LAST', price: '65000.00' });
  actor.send({ type: 'MODE', mode: 'fixed' });
  actor.send({ type: 'PRICE', text: '66000' });
  actor.send({ type: 'LOTS', text: '3' });
  actor.send({ type: 'MULTIPLE', multiple: 10 });
  // A take-profit on the wrong side for a short: refused on an ordinary order.
  actor.send({ type: 'TP', text: '70000' });
  return actor;
}

describe('the reduce-only switch of the lever form', () => {
  it('sends a market order with reduce_only 1 and no stops, though the account could not pay a bond', async () => {
    const actor = await form();
    actor.send({ type: 'SUBMIT', side: 'short' });
    expect(actor.getSnapshot().matches('confirming')).toBe(false);

    actor.send({ type: 'REDUCE_ONLY', on: true });
    expect(actor.getSnapshot().context).toMatchObject({ reduceOnly: true, mode: 'market', tp: '70000' });
    actor.send({ type: 'SUBMIT', side: 'short' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches('confirming')).toBe(true);
    expect(submitPayload({ matchId: 2, password: '', order: snapshot.context.pending! })).toEqual({
      share: 3,
      multiple: 10,
      currency_match_id: 2,
      type: LEVER_TYPE_SHORT,
      status: LEVER_PRICE_MARKET,
      reduce_only: 1,
    });
    actor.stop();
  });

  it('off again, the stops typed are judged and the bond is needed as before', async () => {
    const actor = await form();
    actor.send({ type: 'REDUCE_ONLY', on: true });
    actor.send({ type: 'REDUCE_ONLY', on: false });
    actor.send({ type: 'SUBMIT', side: 'short' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches('confirming')).toBe(false);
    expect(snapshot.context.tp).toBe('70000');
    expect(Object.keys(snapshot.context.problems).length).toBeGreaterThan(0);
    actor.stop();
  });
});
