import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bestOppositePrice, bestPrices } from '../../../src/domain/spot/best-price.ts';
import { LIMIT, MARKET, SELL_BLOCKED_MATCH_ID, type SpotSide } from '../../../src/domain/spot/order-kind.ts';
import { orderTotal, shownOrderTotal } from '../../../src/domain/spot/order-total.ts';
import { DISPLAY_DECIMALS, displayDecimals } from '../../../src/domain/display-decimals.ts';
import { validateSpotOrder } from '../../../src/domain/spot/order-validation.ts';
import { scaledToPlainText } from '../../../src/domain/money.ts';

const positive = fc.bigInt({ min: 1n, max: 10n ** 14n }).map((units) => scaledToPlainText(units, 6));
const blank = fc.constantFrom('', '0', '0.000', 'abc');
const side = fc.constantFrom<SpotSide>('buy', 'sell');
const matchId = fc.integer({ min: 1, max: 100 });

describe('spot order rules (spec §5)', () => {
  it('selling on match 64 is always "remind", whatever else is typed', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(LIMIT, MARKET),
        fc.string(),
        fc.string(),
        fc.option(positive),
        (mode, price, quantity, best) => {
          expect(
            validateSpotOrder({
              matchId: SELL_BLOCKED_MATCH_ID,
              side: 'sell',
              mode,
              price,
              quantity,
              bestPrice: best,
            }),
          ).toBe('remind');
        },
      ),
    );
  });

  it('a limit order needs a price, then a quantity', () => {
    fc.assert(
      fc.property(matchId, side, blank, positive, fc.option(positive), (id, s, missing, value, best) => {
        fc.pre(!(id === SELL_BLOCKED_MATCH_ID && s === 'sell'));
        const draft = { matchId: id, side: s, mode: LIMIT, bestPrice: best };
        expect(validateSpotOrder({ ...draft, price: missing, quantity: value })).toBe('p_price');
        expect(validateSpotOrder({ ...draft, price: missing, quantity: missing })).toBe('p_price');
        expect(validateSpotOrder({ ...draft, price: value, quantity: missing })).toBe('p_num');
        expect(validateSpotOrder({ ...draft, price: value, quantity: value })).toBeNull();
      }),
    );
  });

  it('a market order needs a best price (notbest), then a quantity; its typed price is ignored', () => {
    fc.assert(
      fc.property(matchId, side, blank, positive, fc.string(), (id, s, missing, value, typed) => {
        fc.pre(!(id === SELL_BLOCKED_MATCH_ID && s === 'sell'));
        const draft = { matchId: id, side: s, mode: MARKET, price: typed };
        expect(validateSpotOrder({ ...draft, bestPrice: null, quantity: value })).toBe('notbest');
        expect(validateSpotOrder({ ...draft, bestPrice: missing, quantity: value })).toBe('notbest');
        expect(validateSpotOrder({ ...draft, bestPrice: value, quantity: missing })).toBe('p_num');
        expect(validateSpotOrder({ ...draft, bestPrice: value, quantity: value })).toBeNull();
      }),
    );
  });

  it('buying on match 64 is allowed', () => {
    expect(
      validateSpotOrder({
        matchId: 64,
        side: 'buy',
        mode: LIMIT,
        price: '1',
        quantity: '1',
        bestPrice: null,
      }),
    ).toBeNull();
  });

  it('best prices are the highest bid and the lowest ask, whatever the order', () => {
    fc.assert(
      fc.property(fc.array(positive), fc.array(positive), (bids, asks) => {
        const best = bestPrices({
          in: bids.map((price) => ({ price })),
          out: asks.map((price) => ({ price })),
        });
        const num = (text: string) => Number(text);
        expect(best.bid === null ? null : num(best.bid)).toBe(
          bids.length ? Math.max(...bids.map(num)) : null,
        );
        expect(best.ask === null ? null : num(best.ask)).toBe(
          asks.length ? Math.min(...asks.map(num)) : null,
        );
        expect(bestOppositePrice('buy', best)).toBe(best.ask);
        expect(bestOppositePrice('sell', best)).toBe(best.bid);
      }),
    );
  });

  it('the total is exactly price x quantity, never rounded down', () => {
    expect(orderTotal('71650.54', '0.01')).toBe('716.5054');
    expect(orderTotal('0.0001', '3')).toBe('0.0003');
    // The case a user hit: 0.002909 charged, 0.00290 shown.
    expect(orderTotal('0.0581800', '0.05')).toBe('0.002909');
    expect(orderTotal('', '3')).toBe('');
    expect(orderTotal('5', '0')).toBe('');
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 14n }),
        fc.bigInt({ min: 1n, max: 10n ** 14n }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 8 }),
        (p, q, pp, qp) => {
          const text = (units: bigint, places: number) => {
            const digits = units.toString().padStart(places + 1, '0');
            return places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
          };
          const total = orderTotal(text(p, pp), text(q, qp));
          // Read back at the product's own scale, it is the integer product exactly.
          const [whole = '', fraction = ''] = total.split('.');
          expect(fraction.length).toBeLessThanOrEqual(pp + qp);
          expect(BigInt(whole + fraction.padEnd(pp + qp, '0'))).toBe(p * q);
        },
      ),
    );
  });

  it('the total shows the quote currency’s decimals, a buy’s cost never under, a sell’s proceeds never over', () => {
    // The market-buy estimate that read "8,753.0352725 USDT".
    expect(shownOrderTotal('87530.352725', '0.1', 'USDT', 'buy')).toBe('8753.04');
    expect(shownOrderTotal('87530.352725', '0.1', 'USDT', 'sell')).toBe('8753.03');
    expect(shownOrderTotal('0.0581800', '0.05', 'BTC', 'buy')).toBe('0.00290900');
    expect(shownOrderTotal('5', '2', 'USDT', 'buy')).toBe('10.00');
    expect(shownOrderTotal('', '3', 'USDT', 'buy')).toBe('');
    const currency = fc.constantFrom(...Object.keys(DISPLAY_DECIMALS), 'NEWCOIN');
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 14n }),
        fc.bigInt({ min: 1n, max: 10n ** 14n }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 8 }),
        currency,
        fc.constantFrom('buy' as const, 'sell' as const),
        (p, q, pp, qp, code, side) => {
          const text = (units: bigint, places: number) => {
            const digits = units.toString().padStart(places + 1, '0');
            return places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
          };
          const shown = shownOrderTotal(text(p, pp), text(q, qp), code, side);
          const decimals = displayDecimals(code);
          const [whole = '', fraction = ''] = shown.split('.');
          expect(fraction.length).toBe(decimals);
          // Compared at the product's scale, pp + qp places, widened to hold the shown places too.
          const scale = Math.max(pp + qp, decimals);
          const shownUnits = BigInt(whole + fraction) * 10n ** BigInt(scale - decimals);
          const exactUnits = p * q * 10n ** BigInt(scale - pp - qp);
          const unit = 10n ** BigInt(scale - decimals);
          if (side === 'buy') {
            expect(shownUnits >= exactUnits && shownUnits - exactUnits < unit).toBe(true);
          } else {
            expect(shownUnits <= exactUnits && exactUnits - shownUnits < unit).toBe(true);
          }
        },
      ),
    );
  });
});
