import { useCallback, useState } from 'react';
import type { Loadable } from '../../../streams/loadable.ts';
import type { UserInfo } from '../../../streams/queries/personal.ts';
import { useServices } from '../../services-context.ts';
import { useLoadable } from '../../use-loadable.ts';

export type { UserInfo };

/** The signed-in user (user/info), with a reload for pages that change it or retry it. */
export function useUserInfo(): { user: Loadable<UserInfo>; reload: () => void } {
  const { queries } = useServices();
  const [attempt, setAttempt] = useState(0);
  const user = useLoadable(queries.personal.userInfo$, attempt);
  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  return { user, reload };
}
