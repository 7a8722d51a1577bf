import type { Observable } from 'rxjs';
import type { AnswerOf, PayloadOf } from '../../api/catalogue.ts';
import type { ApiClient } from '../../api/client.ts';
import { type Loadable, loadOnce } from '../loadable.ts';

export type Area = AnswerOf<'default/area_list'>[number];
export type SettingKey = PayloadOf<'default/setting'>['key'];
export type SettingValue = AnswerOf<'default/setting'>;

/**
 * The public settings and the country list (spec §7 default/*): they do not change while the app
 * runs, so each is loaded once and shared; a failed load is tried again by the next reader.
 */
export function generalQueries(api: ApiClient) {
  const settings = new Map<SettingKey, Observable<Loadable<SettingValue>>>();
  return {
    /** One public setting; the same key always gives the same stream. */
    setting$(key: SettingKey): Observable<Loadable<SettingValue>> {
      let stream = settings.get(key);
      if (stream === undefined) {
        stream = loadOnce(() => api.call('default/setting', { key }, { quiet: true }));
        settings.set(key, stream);
      }
      return stream;
    },
    /** Countries with dial codes. */
    areas$: loadOnce<readonly Area[]>(() => api.call('default/area_list', {}, { quiet: true })),
  };
}
