import { animationFrameScheduler, auditTime, type Observable, type SchedulerLike } from 'rxjs';

/**
 * Emits at most once per animation frame, the latest value of that frame. DESIGN.md: high-
 * frequency data stays out of React state until the frame it is painted in; a depth channel can
 * push several snapshots between two paints, and only the last one is ever seen.
 *
 * auditTime(0) on the animation-frame scheduler starts a requestAnimationFrame on the first value
 * after a paint and emits whatever is latest when it fires. Tests pass a TestScheduler instead.
 */
export function frameSampled<T>(
  source$: Observable<T>,
  scheduler: SchedulerLike = animationFrameScheduler,
): Observable<T> {
  return source$.pipe(auditTime(0, scheduler));
}
