/**
 * Resolves after the page has painted what it has now and the browser has had a turn for input:
 * a frame (the paint), then a yield to the task queue (scheduler.yield where the browser has it,
 * else a zero-delay timeout). Work started after it is a task of its own, after the paint.
 */
export function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
      if (typeof scheduler?.yield === 'function') void scheduler.yield().then(resolve, resolve);
      else setTimeout(resolve, 0);
    });
  });
}
