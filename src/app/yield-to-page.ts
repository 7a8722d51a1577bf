/** `scheduler.yield()` where the browser has it (Chrome 129+, Firefox 142+), typed here. */
interface YieldingScheduler {
  yield(): Promise<void>;
}

function yieldingScheduler(): YieldingScheduler | null {
  const candidate = (globalThis as { scheduler?: Partial<YieldingScheduler> }).scheduler;
  return typeof candidate?.yield === 'function' ? (candidate as YieldingScheduler) : null;
}

/**
 * Ends the current task and resumes in a new one, so the page can paint and answer input between
 * the steps of the app's start (issue 27: no task over 50 ms under a 4x slower CPU). With
 * `scheduler.yield` the rest runs ahead of other queued work; elsewhere (Safari) a message to
 * ourselves, which, unlike a timeout, is not clamped to 4 ms or more.
 */
export function yieldToPage(): Promise<void> {
  const scheduler = yieldingScheduler();
  if (scheduler) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
