import { of } from 'rxjs';
import { useServices } from './services-context.ts';
import { useObservable } from './use-observable.ts';

const ALWAYS = of(true);

/**
 * Whether to show the demo tools (outbox, speed, demo deposits and skips, replay): always on the
 * built-in simulator, and on a server that serves them (`npm run server -- --demo`).
 */
export function useDemoTools(): boolean {
  const { backend, queries } = useServices();
  const onSim = backend === 'sim';
  return useObservable(onSim ? ALWAYS : queries.demoTools.served$, onSim);
}
