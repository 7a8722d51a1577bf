import { NEVER, of, Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { ChannelSource } from '../../../src/streams/market.ts';
import { reachable$, reconnects$ } from '../../../src/streams/reconnects.ts';
import type { SocketLink } from '../../../src/streams/socket.ts';

/** What the screens' actors read from the socket: its reconnects, and whether calls may go out. */
const channel = () => NEVER;

describe('reconnects and reachability of a source', () => {
  it('reachable only while the link is open or connecting for the first time, each change once', () => {
    const link$ = new Subject<SocketLink>();
    const seen: boolean[] = [];
    const subscription = reachable$({ channel, link$ }).subscribe((value) => seen.push(value));
    link$.next({ state: 'connecting' });
    link$.next({ state: 'open' });
    link$.next({ state: 'waiting', retryAt: Date.now() + 30_000, failures: 1 });
    link$.next({ state: 'connecting' });
    link$.next({ state: 'open' });
    subscription.unsubscribe();
    expect(seen).toEqual([true, false, true]);
  });

  it('a source without a connection state (a fake socket) is always reachable and never reconnects', () => {
    const source: ChannelSource = { channel };
    const seen: unknown[] = [];
    reachable$(source).subscribe((value) => seen.push(value));
    reconnects$(source).subscribe((value) => seen.push(value));
    expect(seen).toEqual([true]);
  });

  it("passes the socket's reconnects on", () => {
    const seen: unknown[] = [];
    reconnects$({ channel, reconnected$: of(undefined, undefined) }).subscribe(() => seen.push('r'));
    expect(seen).toEqual(['r', 'r']);
  });
});
