import { p2pAdEditorMachine } from '../../machines/p2p-ad-editor.machine.ts';
import { p2pAdStatusMachine } from '../../machines/p2p-ad-status.machine.ts';
import { p2pOrderEntryMachine } from '../../machines/p2p-order-entry.machine.ts';
import { p2pOrderMachine } from '../../machines/p2p-order.machine.ts';
import type { AppActors } from '../../machines/actors/index.ts';

/** The P2P machines: placing an order in the hall, one order's page, a merchant's ads. */
export function p2pMachines(actors: AppActors) {
  return {
    orderEntry: p2pOrderEntryMachine.provide({ actors: actors.p2p.entry }),
    order: p2pOrderMachine.provide({ actors: actors.p2p.order }),
    adEditor: p2pAdEditorMachine.provide({ actors: actors.p2p.editor }),
    adStatus: p2pAdStatusMachine.provide({ actors: actors.p2p.adStatus }),
  };
}
