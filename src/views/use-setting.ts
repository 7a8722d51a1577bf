import type { SettingKey } from '../streams/queries/general.ts';
import { useServices } from './services-context.ts';
import { useLoadable } from './use-loadable.ts';

/** One public setting (spec §7 default/setting), loaded once per app and shared; null until known. */
export function useSetting(key: SettingKey): string | null {
  const { queries } = useServices();
  const setting = useLoadable(queries.general.setting$(key));
  return setting.status === 'ready' ? String(setting.data) : null;
}
