import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { tradeKeysMachine, type TradeKeysEvent } from '../../../src/machines/trade-keys.machine.ts';

function run(events: readonly TradeKeysEvent[]) {
  const placed: string[] = [];
  const actor = createActor(tradeKeysMachine);
  actor.on('place', ({ side }) => placed.push(side));
  actor.start();
  for (const event of events) actor.send(event);
  return { placed, state: actor.getSnapshot().value };
}

const event = fc.oneof(
  fc.constant<TradeKeysEvent>({ type: 'SHEET' }),
  fc.constant<TradeKeysEvent>({ type: 'CONFIRM' }),
  fc.constant<TradeKeysEvent>({ type: 'CLOSE' }),
  fc.record({
    type: fc.constant('SUBMIT' as const),
    side: fc.constantFrom('buy' as const, 'sell' as const),
    skipConfirm: fc.boolean(),
  }),
);

describe('keyboard trading flow', () => {
  it('a keyboard submit asks first; the order goes only on confirm, on the side asked', () => {
    expect(run([{ type: 'SUBMIT', side: 'sell', skipConfirm: false }])).toEqual({
      placed: [],
      state: 'confirming',
    });
    expect(run([{ type: 'SUBMIT', side: 'sell', skipConfirm: false }, { type: 'CONFIRM' }]).placed).toEqual([
      'sell',
    ]);
    expect(
      run([{ type: 'SUBMIT', side: 'buy', skipConfirm: false }, { type: 'CLOSE' }, { type: 'CONFIRM' }]),
    ).toEqual({
      placed: [],
      state: 'idle',
    });
  });

  it('the "pro" setting places at once, with no confirmation', () => {
    expect(run([{ type: 'SUBMIT', side: 'buy', skipConfirm: true }])).toEqual({
      placed: ['buy'],
      state: 'idle',
    });
  });

  it('the sheet opens and closes with its key or Escape, and never over a confirmation', () => {
    expect(run([{ type: 'SHEET' }]).state).toBe('sheet');
    expect(run([{ type: 'SHEET' }, { type: 'SHEET' }]).state).toBe('idle');
    expect(run([{ type: 'SHEET' }, { type: 'CLOSE' }]).state).toBe('idle');
    expect(run([{ type: 'SUBMIT', side: 'buy', skipConfirm: false }, { type: 'SHEET' }]).state).toBe(
      'confirming',
    );
    // A submit key while the sheet is open does nothing.
    expect(run([{ type: 'SHEET' }, { type: 'SUBMIT', side: 'buy', skipConfirm: true }]).placed).toEqual([]);
  });

  it('over any sequence of keys, every order placed is a pro submit or a confirmed one, once', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 30 }), (events) => {
        // The model: what a person sees on screen, and what should have gone.
        let state: 'idle' | 'sheet' | 'confirming' = 'idle';
        let side: 'buy' | 'sell' = 'buy';
        const expected: string[] = [];
        for (const next of events) {
          if (state === 'idle' && next.type === 'SHEET') state = 'sheet';
          else if (state === 'idle' && next.type === 'SUBMIT') {
            if (next.skipConfirm) expected.push(next.side);
            else [state, side] = ['confirming', next.side];
          } else if (state === 'sheet' && (next.type === 'SHEET' || next.type === 'CLOSE')) state = 'idle';
          else if (state === 'confirming' && next.type === 'CONFIRM')
            [state, expected[expected.length]] = ['idle', side];
          else if (state === 'confirming' && next.type === 'CLOSE') state = 'idle';
        }
        expect(run(events)).toEqual({ placed: expected, state });
      }),
    );
  });
});
