import fc from 'fast-check';
import { BehaviorSubject, type Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { decodePayload } from '../../../src/streams/decode.ts';
import { dayMarketFrame, globalTxFrame, type Quote } from '../../../src/streams/payloads.ts';
import { createSocketConnection, type SocketStatus } from '../../../src/streams/socket.ts';
import { createFakeServer } from './fake-socket.ts';

/**
 * Issue 18 item 4: Tessera's socket against a server of this family, which acknowledges a login
 * with {type:'login_result', code} and a sub with {type:'sub_result', msg}, never answers a ping
 * with a pong, and sends money as numbers or strings and ids as numbers or strings.
 */
function collect<T>(source: Observable<T>): T[] {
  const seen: T[] = [];
  source.subscribe((value) => seen.push(value));
  return seen;
}

describe("socket against the family's server", () => {
  it('ignores login_result and sub_result, stays open without pongs, and still routes its channels', () => {
    const scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
    scheduler.run(() => {
      const server = createFakeServer({ scheduler, openAfterMs: 1 });
      const connection = createSocketConnection({
        transport: server.transport,
        token$: new BehaviorSubject<string | null>('tok'),
        scheduler,
      });
      const statuses = collect<SocketStatus>(connection.status$);
      const ended = collect(connection.sessionEnded$);
      const quotes = collect(connection.channel('DAY_MARKET').pipe(decodePayload(dayMarketFrame)));
      scheduler.schedule(() => {
        server.current().push({ type: 'login_result', code: 1 });
        server.current().push({ type: 'sub_result', msg: '订阅成功' });
        server.current().push({ type: 'login_result', code: '999' });
        server.current().push({
          type: 'DAY_MARKET',
          symbol: 'BTC/USDT',
          quotation: { id: '1', close: 64000.5, change: '-1.2', high: 65000, low: '63000.1', volume: 12 },
        });
      }, 10);
      scheduler.schedule(() => {
        // Six pings went out (every 5 s) and nothing came back: the socket is still the first one.
        expect(server.current().sent.filter((message) => message.type === 'ping')).toHaveLength(6);
        expect(server.sockets).toHaveLength(1);
        expect(statuses).toEqual(['connecting', 'open']);
        expect(ended).toEqual([]);
        expect(quotes).toEqual([
          {
            currency_match_id: 1,
            symbol: 'BTC/USDT',
            close: '64000.5',
            change: '-1.2',
            high: '65000',
            low: '63000.1',
            volume: '12',
          } satisfies Quote,
        ]);
        connection.close();
      }, 30_500);
    });
  });
});

describe('frames of either spelling decode to the same value (property)', () => {
  const decimalText = fc
    .tuple(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 99 }))
    .map(([whole, cents]) => `${whole}.${String(cents).padStart(2, '0')}`);

  it('DAY_MARKET: pair id beside, inside or as quotation.id, as number or digits; money as text or number', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.array(decimalText, { minLength: 5, maxLength: 5 }),
        fc.constantFrom('beside', 'inside', 'quotation.id'),
        fc.boolean(),
        fc.boolean(),
        (pairId, [close, change, high, low, volume], where, idAsText, moneyAsNumbers) => {
          const money = (text: string) => (moneyAsNumbers ? Number(text) : text);
          const pair = idAsText ? String(pairId) : pairId;
          const quotation: Record<string, unknown> = {
            close: money(close!),
            change: money(change!),
            high: money(high!),
            low: money(low!),
            volume: money(volume!),
            ...(where === 'inside' ? { currency_match_id: pair } : {}),
            ...(where === 'quotation.id' ? { id: pair } : {}),
          };
          const frame = {
            type: 'DAY_MARKET',
            symbol: 'ETH/USDT',
            ...(where === 'beside' ? { currency_match_id: pair } : {}),
            quotation,
          };
          const decoded = dayMarketFrame.parse(frame);
          const canonical = dayMarketFrame.parse({
            type: 'DAY_MARKET',
            symbol: 'ETH/USDT',
            currency_match_id: pairId,
            quotation: {
              close: String(Number(close)),
              change: String(Number(change)),
              high: String(Number(high)),
              low: String(Number(low)),
              volume: String(Number(volume)),
            },
          });
          // A number is handed on as JavaScript writes it ("12.5" for 12.50), a string as sent.
          if (moneyAsNumbers) expect(decoded).toEqual(canonical);
          else expect(decoded).toEqual({ ...canonical, close, change, high, low, volume });
        },
      ),
    );
  });

  it('GLOBAL_TX: a trade with or without `timestamp`, money as text or number, reads alike', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_600_000_000_000, max: 1_900_000_000_000 }),
        decimalText,
        fc.boolean(),
        (time, price, withSeconds) => {
          const trade = {
            time,
            price: Number(price),
            number: '0.5',
            way: 2,
            ...(withSeconds ? { timestamp: Math.floor(time / 1000) } : {}),
          };
          const decoded = globalTxFrame.parse({ type: 'GLOBAL_TX', symbol: 'BTC/USDT', completes: [trade] });
          expect(decoded.completes[0]).toMatchObject({
            time,
            price: String(Number(price)),
            number: '0.5',
            way: 2,
          });
        },
      ),
    );
  });

  it('what is not a documented variant is still refused', () => {
    const base = { type: 'DAY_MARKET', symbol: 'ETH/USDT', currency_match_id: 1 };
    const quotation = { close: '1', change: '0', high: '1', low: '1', volume: '1' };
    for (const bad of [
      { ...base, currency_match_id: '1.5', quotation },
      { ...base, currency_match_id: true, quotation },
      { ...base, quotation: { ...quotation, close: '1,5' } },
      { ...base, quotation: { ...quotation, close: null } },
      { ...base, quotation: { ...quotation, close: 'NaN' } },
      { type: 'DAY_MARKET', symbol: 'ETH/USDT', quotation: { ...quotation, id: 'one' } },
    ]) {
      expect(dayMarketFrame.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
