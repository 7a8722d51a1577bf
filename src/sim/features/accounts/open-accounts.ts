import type { Clock } from '../../clock.ts';
import type { EventLog } from '../../store/event-log.ts';
import { EventStore } from '../../store/event-store.ts';
import { Accounts } from './accounts.ts';
import { SIM_SETTINGS } from '../../settings.ts';
import { DexieImageStore, MemoryImageStore, type ImageStore } from './uploads.ts';
import { isOn } from '../../../domain/contract-codes.ts';
import { browserSecretKey } from './browser-secret-key.ts';
import { lazySecretBox, memorySecretBox, type SecretBox } from './secret-box.ts';

export interface OpenAccountsOptions {
  store: EventLog | null;
  clock: Clock;
  /** Where image bytes go; default beside the log (see below). */
  images?: ImageStore;
  /** Turns a stored image into a URL an <img> can show; default an object URL of the worker. */
  mintUrl?: (blob: Blob, id: string) => string;
  /** Seals TOTP seeds; default a key in an IndexedDB database beside the log (browser-secret-key.ts). */
  secrets?: SecretBox;
  wallClock?: () => number;
}

/**
 * Opens the accounts feature the way the simulator runs it: on the shared event log when there is
 * one (images then go to a sibling IndexedDB database when the log is IndexedDB's), in memory
 * otherwise. The Node server passes its own image store and URLs.
 */
export function openAccounts(options: OpenAccountsOptions): Promise<Accounts> {
  const { store, clock } = options;
  return Accounts.open({
    store,
    clock,
    images:
      options.images ??
      (store instanceof EventStore
        ? new DexieImageStore({ name: `${store.db.name}-images` })
        : new MemoryImageStore()),
    ...(options.mintUrl ? { mintUrl: options.mintUrl } : {}),
    secrets:
      options.secrets ??
      (store instanceof EventStore
        ? lazySecretBox(() => browserSecretKey(`${store.db.name}-keys`))
        : memorySecretBox()),
    ...(options.wallClock ? { wallClock: options.wallClock } : {}),
    loginNeedsCode: () => isOn(SIM_SETTINGS.login_use_sms),
  });
}
