import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastStore, type ToastTone } from '../../../src/views/toast/toast-store.ts';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

const shown = (store: ToastStore) => store.toasts$.value.map(({ tone, text }) => `${tone}:${text}`);

describe('toasts', () => {
  it('shows one error at a time, the newest, and drops it once anything newer is said', () => {
    const tone = fc.constantFrom<ToastTone>('error', 'success', 'info');
    const text = fc.constantFrom('', 'a', 'b', 'c');
    fc.assert(
      fc.property(fc.array(fc.tuple(tone, text), { maxLength: 30 }), (steps) => {
        const store = new ToastStore();
        for (const [each, words] of steps) {
          store.show(each, words);
          const toasts = store.toasts$.value;
          const errors = toasts.filter((toast) => toast.tone === 'error');
          expect(errors.length).toBeLessThanOrEqual(1);
          expect(toasts.length).toBeLessThanOrEqual(4);
          // No message twice on screen.
          expect(new Set(shown(store)).size).toBe(toasts.length);
          if (words === '') continue;
          // What was just said is on screen, last if it is new.
          expect(shown(store)).toContain(`${each}:${words}`);
          // An error on screen is the last thing said.
          if (errors.length === 1) expect(toasts.at(-1)).toBe(errors[0]);
          if (each === 'error') expect(errors[0]?.text).toBe(words);
        }
        vi.runAllTimers();
        expect(store.toasts$.value).toEqual([]);
      }),
    );
  });

  it('two form errors in a row: the second replaces the first, and the same error again starts afresh', () => {
    const store = new ToastStore();
    store.show('error', 'Please enter a price');
    vi.advanceTimersByTime(3000);
    store.show('error', 'Please enter a quantity');
    expect(shown(store)).toEqual(['error:Please enter a quantity']);
    vi.advanceTimersByTime(3000);
    store.show('error', 'Please enter a quantity');
    vi.advanceTimersByTime(3000);
    // 6 s after it was first said, 3 s after it was said again: still there.
    expect(shown(store)).toEqual(['error:Please enter a quantity']);
    store.show('success', 'Order placed');
    expect(shown(store)).toEqual(['success:Order placed']);
  });
});
