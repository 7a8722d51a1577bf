import { errorFields, type JsonLog } from './json-log.ts';

/**
 * How every role of `npm run server` stops: SIGTERM or SIGINT runs `shutdown` (graceful: the
 * running work finishes), then the log is flushed and the process exits; a second signal stops it
 * at once. An uncaught exception is logged and stops it the same way with exit code 1.
 */
export function onStopSignals(log: JsonLog, shutdown: () => Promise<void>, inFlight: () => number): void {
  let stopping: Promise<void> | null = null;
  const stop = (reason: string, exitCode: number) => {
    if (stopping) {
      log.warn('stopped_at_once', { reason });
      process.exit(1);
    }
    log.info('stopping', { reason, in_flight: inFlight() });
    stopping = (async () => {
      await shutdown();
      log.info('stopped', { reason });
      await log.flush();
      process.exit(exitCode);
    })();
  };
  process.on('SIGTERM', () => stop('SIGTERM', 0));
  process.on('SIGINT', () => stop('SIGINT', 0));
  process.on('unhandledRejection', (error) => log.error('unhandled_rejection', errorFields(error)));
  process.on('uncaughtException', (error) => {
    log.error('uncaught_exception', errorFields(error));
    stop('uncaught exception', 1);
  });
}
