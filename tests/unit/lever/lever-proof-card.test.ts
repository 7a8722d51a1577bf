import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  LEVER_CLOSE_TAKE_PROFIT,
  LEVER_STATUS_CLOSED,
  LEVER_STATUS_OPEN,
} from '../../../src/domain/contract-codes.ts';
import { leverCloseProofMachine } from '../../../src/machines/lever-close-proof.machine.ts';
import type { LeverPosition } from '../../../src/machines/lever-positions.machine.ts';
import { pnlCardMachine, type PnlCardPicture } from '../../../src/machines/pnl-card.machine.ts';
import { called, declaredStates, fold, walk } from '../machines/walk-kit.ts';

/** A long of 0.01 BTC closed by its take-profit on trade 42 at 101.5. */
function position(extra: Partial<LeverPosition> = {}): LeverPosition {
  return {
    id: 7,
    currency_match_id: 1,
    type: 1,
    type_name: 'long',
    symbol: 'BTC/USDT',
    base_currency_id: 2,
    quote_currency_id: 1,
    share: '1',
    number: '0.01',
    multiple: 10,
    price: '100',
    origin_price: '100',
    update_price: '101.5',
    target_price: '0',
    target_profit_price: '101',
    stop_loss_price: '0',
    origin_caution_money: '0.1',
    caution_money: '0.1',
    trade_fee: '0.001',
    overnight_money: '0',
    profits: '0.015',
    liquidation_price: '0',
    status: LEVER_STATUS_CLOSED,
    close_reason: LEVER_CLOSE_TAKE_PROFIT,
    open_trade: { id: 40, time: 1_700_000_000_000, price: '100' },
    close_trade: { id: 42, time: 1_700_000_060_000, price: '101.5' },
    created_at: 1_700_000_000_000,
    time: '2023-11-14 22:13:20',
    closed_at: 1_700_000_060_000,
    ...extra,
  };
}

const PICTURE: PnlCardPicture = {
  product: 'Lever',
  moment: 'closed 11/14 22:14:20 UTC+00:00',
  pair: 'BTC/USDT',
  side: 'Long ×10',
  sideUp: true,
  pnl: '+0.01 USDT',
  percent: '+15.00%',
  pnlTone: 'up',
  rows: [
    { label: 'Entry price', value: '100' },
    { label: 'Exit price', value: '101.5' },
  ],
  invite: { link: 'https://tessera.example/register?extension_code=ABC123', caption: 'Scan' },
  palette: {
    background: '#fff',
    raised: '#eee',
    border: '#ddd',
    text: '#000',
    muted: '#555',
    brand: '#f0b90b',
    up: '#0b7a50',
    down: '#c81e3a',
    font: 'sans-serif',
  },
  fileName: 'tessera-lever-7.png',
};

describe('closed lever position detail (why it closed)', () => {
  it('reaches both states, and shows only a closed position that names its closing trade', () => {
    const closed = position();
    const result = walk(leverCloseProofMachine, {
      events: [
        { type: 'SHOW', position: closed },
        { type: 'SHOW', position: position({ status: LEVER_STATUS_OPEN, close_trade: null }) },
        { type: 'SHOW', position: position({ close_trade: null }) },
        { type: 'HIDE' },
      ],
    });
    expect([...result.reached].sort()).toEqual(declaredStates(leverCloseProofMachine));
    for (const path of result.paths)
      if (path.state.matches('shown')) expect(path.state.context.position).toBe(closed);
    const { steps } = fold(leverCloseProofMachine, undefined, [
      { type: 'SHOW', position: position({ status: LEVER_STATUS_OPEN, close_trade: null }) },
      { type: 'SHOW', position: closed },
      { type: 'SHOW', position: position({ id: 8, close_trade: null }) },
      { type: 'HIDE' },
    ]);
    expect(steps.map((step) => [step.after.value, step.after.context.position?.id ?? null])).toEqual([
      ['hidden', null],
      ['shown', 7],
      // Another row without its trade leaves the open proof as it was.
      ['shown', 7],
      ['hidden', null],
    ]);
  });
});

describe('PnL card', () => {
  const png = new Blob([new Uint8Array([0x89, 0x50])], { type: 'image/png' });
  const image = { png, preview: 'data:image/png;base64,iVA=' };

  it('reaches every state by its shortest paths; saves only a drawn image, under its name', () => {
    const result = walk(pnlCardMachine, {
      events: [
        { type: 'OPEN', picture: PICTURE },
        { type: 'COPY' },
        { type: 'SAVE' },
        { type: 'RETRY' },
        { type: 'CLOSE' },
        { type: 'xstate.done.actor.0.pnlCard.drawing', output: image },
        { type: 'xstate.error.actor.0.pnlCard.drawing', error: new Error('no canvas') },
        { type: 'xstate.done.actor.0.pnlCard.copying', output: undefined },
        { type: 'xstate.error.actor.0.pnlCard.copying', error: new Error('denied') },
      ],
    });
    expect([...result.reached].sort()).toEqual(declaredStates(pnlCardMachine));
    expect(result.unsupplied).toEqual([]);
    expect(result.route((s) => s.matches('copying'))).toEqual([
      'xstate.init',
      'OPEN',
      'xstate.done.actor.0.pnlCard.drawing',
      'COPY',
    ]);
    const { steps } = fold(pnlCardMachine, undefined, [
      { type: 'SAVE' },
      { type: 'OPEN', picture: PICTURE },
      { type: 'SAVE' },
      { type: 'xstate.done.actor.0.pnlCard.drawing', output: image },
      { type: 'SAVE' },
    ]);
    expect(steps.map((step) => called(step.effects, 'save'))).toEqual([
      [],
      [],
      [],
      [],
      [{ image: png, fileName: 'tessera-lever-7.png' }],
    ]);
  });

  it('draws on open, says whether a copy worked, and forgets the card on close', async () => {
    let copies = 0;
    const actor = createActor(
      pnlCardMachine.provide({
        actors: {
          draw: fromPromise(async () => image),
          copyImage: fromPromise(async () => {
            copies += 1;
            if (copies === 1) throw new Error('denied');
          }),
        },
      }),
    ).start();
    actor.send({ type: 'OPEN', picture: PICTURE });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.image).toBe(image);
    actor.send({ type: 'COPY' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.copy !== 'idle');
    expect(actor.getSnapshot().context.copy).toBe('failed');
    actor.send({ type: 'COPY' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.copy === 'copied');
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().value).toBe('hidden');
    expect(actor.getSnapshot().context).toEqual({ picture: null, image: null, copy: 'idle' });
  });
});
