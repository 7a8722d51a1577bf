import { catchError, defer, map, type Observable, of, shareReplay } from 'rxjs';
import type { ApiClient } from '../../api/client.ts';

/**
 * Whether the backend serves the demo tools (the outbox of codes, the speed control, demo deposits,
 * time skips, the replay panel: the `sim/*` calls and notify/outbox). The built-in simulator does;
 * so does a server started with `--demo` (one person's machine); a shared server refuses `sim/*`
 * without the operator token, and the tools stay hidden. Asked once per app, with `sim/speed`.
 */
export function demoToolsQueries(api: ApiClient) {
  const served$: Observable<boolean> = defer(() => api.call('sim/speed', {}, { quiet: true })).pipe(
    map(() => true),
    catchError(() => of(false)),
    shareReplay({ bufferSize: 1, refCount: false }),
  );
  return { served$ };
}
