/**
 * The app's machines, wired to the features' actors, load beside the first render instead of before
 * it (they and what they import are not needed to paint the shell). Only lazily loaded views run
 * machines (the pages, the header's outbox and speed control, the replay panel), and each of them
 * waits for `machinesReady()` before it renders, as the pages wait for their text; the composition
 * root starts the load before the first render, so it runs beside the pages' own chunks. Some
 * features may come in before the rest (`deferred`'s `early` part): a view that runs only those
 * waits for them alone (`machinesReady(['trading'])`).
 */
let pending: Promise<void> = Promise.resolve();
/** Each early feature's own wait, where one was given; any other feature waits for `pending`. */
const featurePending = new Map<string, Promise<void>>();

/**
 * Resolves once every deferred load has come in (at once where nothing was deferred: tests), or,
 * given `features`, once those have: early ones with their part, the others with the whole.
 */
export function machinesReady(features?: readonly string[]): Promise<void> {
  if (features === undefined) return pending;
  return Promise.all(features.map((feature) => featurePending.get(feature) ?? pending)).then(() => undefined);
}

/** Features that come in before the whole load: their names, and the load that gives them. */
export interface EarlyPart<T> {
  readonly features: ReadonlyArray<keyof T & string>;
  readonly load: Promise<Partial<T>>;
}

/**
 * Starts `load` and returns its answer's stand-in: a feature read before the load came in is a bug
 * in whichever view did not wait for `machinesReady()`, so it throws and names the feature. The
 * features of `early`, when given, are there as soon as its load has come in.
 */
export function deferred<T extends object>(load: () => Promise<T>, early?: EarlyPart<T>): T {
  let built: T | null = null;
  let first: Partial<T> | null = null;
  const loading = load().then((value) => {
    built = value;
  });
  const before = pending;
  pending = Promise.all([before, loading]).then(() => undefined);
  if (early) {
    const arrived = early.load.then((part) => {
      first = part;
    });
    for (const feature of early.features) featurePending.set(feature, arrived);
  }
  return new Proxy({} as T, {
    get(_, feature) {
      if (built) return built[feature as keyof T];
      if (first && early?.features.includes(feature as keyof T & string)) return first[feature as keyof T];
      // Not a feature: what a promise check or a debugger looks for.
      if (typeof feature === 'symbol' || feature === 'then') return undefined;
      throw new Error(`the ${String(feature)} machines were used before they loaded`);
    },
  });
}
