import { firstValueFrom, Subject, toArray, type Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { leverTradePush } from '../../../src/api/catalogue/lever.ts';
import type { Frame } from '../../../src/streams/frame.ts';
import { leverTradePushes$ } from '../../../src/streams/lever-pushes.ts';

const account = (pair: number, profits: string): Frame => ({
  type: 'LEVER_TRADE',
  currency_match_id: pair,
  currency_id: 1,
  currency_code: 'USDT',
  hazard_rate: '250.00',
  profits_all: profits,
  caution_money_all: '10',
  origin_caution_money_all: '10',
  trades_all: [],
});

describe('LEVER_TRADE pushes', () => {
  it("read each account once: a copy for the owner's other pair is dropped, a change is not", async () => {
    const frames = new Subject<Frame>();
    const pushes = leverTradePushes$({ channel: () => frames as Observable<Frame> });
    const read = firstValueFrom(pushes.pipe(toArray()));
    // The schema loads with the lever catalogue's chunk; once loaded, frames decode as they come.
    expect(leverTradePush.parse(account(1, '0')).currency_match_id).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (const frame of [account(1, '1'), account(2, '1'), account(1, '2'), account(2, '2')]) {
      frames.next(frame);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    frames.complete();
    const seen = await read;
    expect(seen.map((frame) => [frame.currency_match_id, frame.profits_all])).toEqual([
      [1, '1'],
      [1, '2'],
    ]);
  });
});
