import { BehaviorSubject, distinctUntilChanged, type Observable, switchMap } from 'rxjs';
import { type EventObject, fromCallback } from 'xstate';

/**
 * A screen's market feed as an actor its machine invokes: `feed(matchId)` for the pair it starts
 * on, then for each pair a PAIR event names (the screen's pair changes without the screen
 * restarting). Each event of the current pair's feed goes to the machine; the last pair's stops.
 */
export function pairFeed<E extends EventObject>(feed: (matchId: number) => Observable<E>) {
  return fromCallback<EventObject, { matchId: number }>(({ input, sendBack, receive }) => {
    const matchId$ = new BehaviorSubject(input.matchId);
    receive((event) => {
      const matchId: unknown = (event as { matchId?: unknown }).matchId;
      if (event.type === 'PAIR' && typeof matchId === 'number') matchId$.next(matchId);
    });
    const subscription = matchId$
      .pipe(distinctUntilChanged(), switchMap(feed))
      .subscribe((event) => sendBack(event));
    return () => subscription.unsubscribe();
  });
}
