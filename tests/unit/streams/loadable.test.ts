import { firstValueFrom, Subject, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { liveLoadable } from '../../../src/streams/live-loadable.ts';
import { afterFailure, dataOf, loadable, type Loadable } from '../../../src/streams/loadable.ts';

/**
 * A Loadable never drops what it had (dYdX v4-web's Loadable is the model): a reload keeps the last
 * data, and a failure carries its error.
 */
const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

describe('loadable', () => {
  it('a failed load carries its error', async () => {
    const error = new Error('down');
    const states = await firstValueFrom(loadable(() => Promise.reject(error)).pipe(toArray()));
    expect(states).toEqual([{ status: 'loading' }, { status: 'failed', error }]);
  });

  it('after a failure a ready state stays ready with its data and says why it is not current', () => {
    const error = new Error('down');
    expect(afterFailure({ status: 'ready', data: 3 }, error)).toEqual({ status: 'ready', data: 3, error });
    expect(afterFailure({ status: 'loading', data: 3 }, error)).toEqual({ status: 'failed', data: 3, error });
    expect(afterFailure<number>({ status: 'loading' }, error)).toEqual({ status: 'failed', error });
    expect(dataOf<number>({ status: 'failed', error, data: 3 })).toBe(3);
    expect(dataOf<number>({ status: 'loading' })).toBeUndefined();
  });
});

describe('live loadable', () => {
  it('keeps the last answer through a failed refresh, carries the error, and clears it on the next answer', async () => {
    const refresh = new Subject<void>();
    const answers: Array<() => Promise<number>> = [
      () => Promise.resolve(1),
      () => Promise.reject(new Error('down')),
      () => Promise.resolve(2),
    ];
    let call = 0;
    const seen: Loadable<number>[] = [];
    const subscription = liveLoadable(() => answers[call++]!(), refresh, 0).subscribe((state) =>
      seen.push(state),
    );
    await tick();
    refresh.next();
    await tick(5);
    refresh.next();
    await tick(5);
    subscription.unsubscribe();
    expect(
      seen.map((state) => [state.status, dataOf(state), 'error' in state ? String(state.error) : null]),
    ).toEqual([
      ['loading', undefined, null],
      ['ready', 1, null],
      ['ready', 1, 'Error: down'],
      ['ready', 2, null],
    ]);
  });
});
