/**
 * The app's machines, wired to the features' actors, load beside the first render instead of before
 * it (they and what they import are not needed to paint the shell). Only lazily loaded views run
 * machines (the pages, the header's outbox and speed control, the replay panel), and each of them
 * waits for `machinesReady()` before it renders, as the pages wait for their text; the composition
 * root starts the load before the first render, so it runs beside the pages' own chunks.
 */
let pending: Promise<void> = Promise.resolve();

/** Resolves once every deferred load has come in (at once where nothing was deferred: tests). */
export function machinesReady(): Promise<void> {
  return pending;
}

/**
 * Starts `load` and returns its answer's stand-in: a feature read before the load came in is a bug
 * in whichever view did not wait for `machinesReady()`, so it throws and names the feature.
 */
export function deferred<T extends object>(load: () => Promise<T>): T {
  let built: T | null = null;
  const loading = load().then((value) => {
    built = value;
  });
  const before = pending;
  pending = Promise.all([before, loading]).then(() => undefined);
  return new Proxy({} as T, {
    get(_, feature) {
      if (built) return built[feature as keyof T];
      // Not a feature: what a promise check or a debugger looks for.
      if (typeof feature === 'symbol' || feature === 'then') return undefined;
      throw new Error(`the ${String(feature)} machines were used before they loaded`);
    },
  });
}
