import { useActorRef as useXStateActorRef, useMachine as useXStateMachine } from '@xstate/react';
import { useContext } from 'react';
import type { ActorOptions, AnyActorLogic, InspectionEvent } from 'xstate';
import { ServicesContext } from './services-context.ts';

export { useSelector } from '@xstate/react';

type Inspect = (event: InspectionEvent) => void;

function withInspect(
  options: ActorOptions<AnyActorLogic> | undefined,
  inspect: Inspect | undefined,
): ActorOptions<AnyActorLogic> | undefined {
  if (!inspect) return options;
  const own = options?.inspect;
  if (!own) return { ...options, inspect };
  // A caller's own inspector (a test's, say) still hears everything.
  return {
    ...options,
    inspect: (event: InspectionEvent) => {
      inspect(event);
      if (typeof own === 'function') own(event);
      else own.next?.(event);
    },
  };
}

/**
 * @xstate/react's `useMachine` and `useActorRef`, with the app's inspection bus (src/app wires it)
 * passed as the `inspect` option, so the developer inspector sees every machine a view runs and
 * their children. Views use these instead of @xstate/react's own; the signatures are the same.
 */
export const useMachine = ((logic: AnyActorLogic, options?: ActorOptions<AnyActorLogic>) => {
  const inspect = useContext(ServicesContext)?.inspection?.inspect;
  return useXStateMachine(logic as never, withInspect(options, inspect) as never);
}) as typeof useXStateMachine;

export const useActorRef = ((
  logic: AnyActorLogic,
  options?: ActorOptions<AnyActorLogic>,
  observer?: Parameters<typeof useXStateActorRef>[2],
) => {
  const inspect = useContext(ServicesContext)?.inspection?.inspect;
  return useXStateActorRef(logic, withInspect(options, inspect), observer);
}) as typeof useXStateActorRef;
