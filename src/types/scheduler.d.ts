/**
 * The one call of React's scheduler the app makes (main.tsx). The package ships no types, and
 * @types/scheduler (0.28.0) does not declare this export, which the package has (scheduler 0.28.0's
 * production build: `frameInterval = 1000 / fps`, or 5 ms for 0).
 */
declare module 'scheduler' {
  /** Sets the time slice of the scheduler's work loop to 1000 / fps ms; 0 restores 5 ms. */
  export function unstable_forceFrameRate(fps: number): void;
}
