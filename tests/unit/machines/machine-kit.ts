import { fromPromise } from 'xstate';
import type { CodeRequest } from '../../../src/machines/code-request.ts';
import { sendCodeMachine } from '../../../src/machines/send-code.machine.ts';

/** Lets pending promise callbacks (actor completions) run. */
export function flush(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** A promise the test settles when it wants: models a server answer in flight. */
export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

export function deferred<T>(): Deferred<T> {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** A send-code machine whose deliveries are recorded and succeed (or fail) at once. */
export function recordingSendCode(options: { fail?: boolean } = {}) {
  const sent: CodeRequest[] = [];
  const machine = sendCodeMachine.provide({
    actors: {
      deliver: fromPromise<void, CodeRequest>(async ({ input }) => {
        sent.push(input);
        if (options.fail) throw new Error('server error');
      }),
    },
  });
  return { sent, machine };
}
