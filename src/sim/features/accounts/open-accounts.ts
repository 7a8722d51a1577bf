import type { Clock } from '../../clock.ts';
import type { EventStore } from '../../store/event-store.ts';
import { Accounts } from './accounts.ts';
import { SIM_SETTINGS } from '../../settings.ts';
import { DexieImageStore, MemoryImageStore } from './uploads.ts';
import { isOn } from '../../../domain/contract-codes.ts';

/**
 * Opens the accounts feature the way the simulator runs it: on the shared event log when there is
 * one (images then go to a sibling IndexedDB database), in memory otherwise.
 */
export function openAccounts(options: { store: EventStore | null; clock: Clock }): Promise<Accounts> {
  const { store, clock } = options;
  return Accounts.open({
    store,
    clock,
    images: store ? new DexieImageStore({ name: `${store.db.name}-images` }) : new MemoryImageStore(),
    loginNeedsCode: () => isOn(SIM_SETTINGS.login_use_sms),
  });
}
