import { useCallback, useEffect, useState } from 'react';
import type { AnswerOf } from '../../../api/catalogue.ts';
import { useServices } from '../../services-context.ts';

export type UserInfo = AnswerOf<'user/info'>;

/** The signed-in user (user/info), with a reload for pages that change it. */
export function useUserInfo(): { info: UserInfo | null; failed: boolean; reload: () => void } {
  const { api } = useServices();
  const [info, setInfo] = useState<UserInfo | null>(null);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    api.call('user/info', {}).then(
      (answer) => {
        if (!live) return;
        setInfo(answer);
        setFailed(false);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [api, version]);
  const reload = useCallback(() => setVersion((value) => value + 1), []);
  return { info, failed, reload };
}
