import type { ApiClient } from '../../api/client.ts';
import type { ChannelSource } from '../../streams/market.ts';
import { accountsActors } from './accounts.ts';
import { addressBookActors } from './address-book.ts';
import { alertActors } from './alerts.ts';
import { earningsActors } from './earnings.ts';
import { formsActors } from './forms.ts';
import { leverActors } from './lever.ts';
import { microActors } from './micro.ts';
import { outboxActors } from './outbox.ts';
import { p2pActors } from './p2p.ts';
import { personalActors } from './personal.ts';
import { simActors } from './sim.ts';
import { spotActors } from './spot.ts';
import { walletActors } from './wallet.ts';
import { historyExportActors } from './history-export.ts';

/**
 * Every feature's API actors, built once by the composition root and given to the machines there
 * (src/app/machines, one provider per feature), so tests inject their own. One entry per feature; a
 * new feature adds its file here.
 */
export function createActors(api: ApiClient, socket: ChannelSource) {
  return {
    accounts: accountsActors(api),
    addressBook: addressBookActors(api),
    alerts: alertActors(api, socket),
    earnings: earningsActors(api),
    forms: formsActors(api),
    historyExport: historyExportActors(api),
    lever: leverActors(api, socket),
    micro: microActors(api, socket),
    personal: personalActors(api),
    outbox: outboxActors(api),
    p2p: p2pActors(api, socket),
    sim: simActors(api, socket),
    spot: spotActors(api, socket),
    wallet: walletActors(api, socket),
  };
}

export type AppActors = ReturnType<typeof createActors>;
