import { useSelector } from '@xstate/react';
import { useServices } from './services-context.ts';

/** Whether a user is signed in, re-rendering when that changes. */
export function useSignedIn(): boolean {
  const { session } = useServices();
  return useSelector(session, (snapshot) => snapshot.matches('authenticated'));
}
