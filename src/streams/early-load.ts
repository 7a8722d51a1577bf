import { asyncScheduler, type SchedulerLike } from 'rxjs';

/** How long an early answer stands in for a fresh load once it has arrived. */
export const EARLY_ANSWER_FRESH_MS = 2_000;

/**
 * A load started before anything reads it (the first live quote). The app's first page
 * usually shows quotes, and asking for them as the app starts means the table has its snapshot when
 * it first renders instead of a round trip later.
 *
 * `next()` hands readers the early load while it is running or for `freshMs` after its answer
 * arrived; after that, or once it failed, every reader gets a load of its own, as if there had been
 * no early one. The early answer is the same object for every reader that gets it: they only read it.
 */
export function earlyLoad<T>(
  load: () => Promise<T>,
  options: { freshMs?: number; scheduler?: SchedulerLike } = {},
): { next: () => Promise<T> } {
  const { freshMs = EARLY_ANSWER_FRESH_MS, scheduler = asyncScheduler } = options;
  let early: Promise<T> | null = load();
  let answeredAt: number | null = null;
  early.then(
    () => (answeredAt = scheduler.now()),
    // A failed early load is forgotten: the first reader loads again (and sees its own failure).
    () => (early = null),
  );
  return {
    next() {
      if (early && answeredAt !== null && scheduler.now() - answeredAt > freshMs) early = null;
      return early ?? load();
    },
  };
}
