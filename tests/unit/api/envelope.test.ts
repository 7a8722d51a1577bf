import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decodeEnvelope } from '../../../src/api/envelope.ts';
import { decimal, numberToDecimalText } from '../../../src/api/fields.ts';

const answer = z.object({ price: decimal, id: z.number().int() });

describe('decodeEnvelope (spec §8)', () => {
  it('never throws, whatever arrives', () => {
    fc.assert(
      fc.property(fc.anything(), (raw) => {
        const outcome = decodeEnvelope(raw, answer);
        expect(['ok', 'error', 'expired', 'ignored', 'malformed']).toContain(outcome.kind);
      }),
    );
  });

  it('code 1 with data of the right shape is a success, money normalised to a decimal string', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.string(),
        (id, price, msg) => {
          const outcome = decodeEnvelope({ code: 1, msg, data: { id, price } }, answer);
          // Written out as plain decimal text, never "1e-7" (fields.ts numberToDecimalText).
          expect(outcome).toEqual({ kind: 'ok', msg, data: { id, price: numberToDecimalText(price) } });
          expect(outcome.kind === 'ok' && outcome.data.price).toMatch(/^-?\d+(\.\d+)?$/);
        },
      ),
    );
  });

  it('code 1 with data of the wrong shape is malformed, naming the field', () => {
    const outcome = decodeEnvelope({ code: 1, msg: '', data: { id: 'seven', price: '1' } }, answer);
    expect(outcome.kind).toBe('malformed');
    expect(outcome.kind === 'malformed' && outcome.detail).toContain('data.id');
  });

  it('999 is expiry and 996 is ignored, whatever the data', () => {
    fc.assert(
      fc.property(fc.anything(), (data) => {
        // As numbers and as the strings the family's servers send (issue 18 item 4).
        for (const code of [999, '999'])
          expect(decodeEnvelope({ code, msg: 'x', data }, answer).kind).toBe('expired');
        for (const code of [996, '996'])
          expect(decodeEnvelope({ code, msg: 'x', data }, answer).kind).toBe('ignored');
      }),
    );
  });

  it('any other code is an error carrying the server message', () => {
    fc.assert(
      fc.property(
        fc.integer().filter((code) => ![1, 999, 996].includes(code)),
        fc.string(),
        (code, msg) => {
          expect(decodeEnvelope({ code, msg, data: [] }, answer)).toEqual({ kind: 'error', msg, data: [] });
        },
      ),
    );
  });

  it('a body that is not an envelope is malformed', () => {
    const notCodes = [true, null, '1.0', ' 1', '1 ', '', '0x1', '+1', '1e0', 1.5, [1], { code: 1 }];
    for (const raw of [
      null,
      'ok',
      42,
      [],
      { msg: 'no code' },
      ...notCodes.map((code) => ({ code, data: {} })),
    ]) {
      expect(decodeEnvelope(raw, answer).kind).toBe('malformed');
    }
  });
});
