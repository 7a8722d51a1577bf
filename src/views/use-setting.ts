import { useEffect, useState } from 'react';
import type { AnswerOf } from '../api/catalogue.ts';
import { useServices } from './services-context.ts';

type SettingKey = 'login_use_sms' | 'contact_mobile' | 'contact_email' | 'service_url' | 'white_url';

const cache = new Map<SettingKey, Promise<AnswerOf<'default/setting'> | null>>();

/** One public setting (spec §7 default/setting), fetched once per page load and shared. */
export function useSetting(key: SettingKey): string | null {
  const { api } = useServices();
  const [value, setValue] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    let request = cache.get(key);
    if (!request) {
      request = api.call('default/setting', { key }, { quiet: true }).catch(() => null);
      cache.set(key, request);
    }
    void request.then((answer) => {
      if (live) setValue(answer === null ? null : String(answer));
    });
    return () => {
      live = false;
    };
  }, [api, key]);
  return value;
}
