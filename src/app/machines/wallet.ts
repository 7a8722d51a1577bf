import { addressBookMachine } from '../../machines/address-book.machine.ts';
import { bindAddressMachine } from '../../machines/bind-address.machine.ts';
import { convertMachine } from '../../machines/convert.machine.ts';
import { depositMachine } from '../../machines/deposit.machine.ts';
import { historyExportMachine } from '../../machines/history-export.machine.ts';
import { saveTextFile } from '../../views/components/save-file.ts';
import { transferMachine } from '../../machines/transfer.machine.ts';
import { withdrawMachine } from '../../machines/withdraw.machine.ts';
import type { AppActors } from '../../machines/actors/index.ts';
import type { SendCodeLogic } from './accounts.ts';
import type { BalanceFeeds } from './balance-feeds.ts';
import type { ViewActions } from './view-actions.ts';

/**
 * The wallet's machines. Withdraw and convert follow the trade account's balance of their currency,
 * transfer every account's holdings: their feeds are invoked actors, never forwarded by a view.
 */
export function walletMachines(actors: AppActors, feeds: BalanceFeeds, sendCode: SendCodeLogic) {
  return {
    deposit: depositMachine.provide({ actors: { simulateDeposit: actors.wallet.simulateDeposit } }),
    withdraw: withdrawMachine.provide({
      actors: {
        boundAddresses: actors.wallet.boundAddresses,
        withdraw: actors.wallet.withdraw,
        cancelWithdrawal: actors.wallet.cancelWithdrawal,
        balanceFeed: feeds.of('change', 'withdrawable'),
      },
    }),
    convert: convertMachine.provide({
      actors: {
        quote: actors.wallet.quote,
        convert: actors.wallet.convert,
        serverClock: actors.wallet.serverClock,
        balanceFeed: feeds.of('change', 'balance'),
      },
    }),
    /** A history export: every page of the records in a range read, and saved as a file. */
    historyExport: historyExportMachine.provide({
      actors: { collect: actors.historyExport.collect },
      actions: { save: (_, file) => saveTextFile(file.text, file.fileName, file.type) },
    }),
    transfer: transferMachine.provide({
      actors: { transfer: actors.wallet.transfer, holdingsFeed: feeds.holdings },
    }),
    /** The address book, whose bind form reports its problems where the view shows them. */
    addressBook: (bindActions: ViewActions<typeof bindAddressMachine>) =>
      addressBookMachine.provide({
        actors: {
          list: actors.addressBook.list,
          remove: actors.addressBook.remove,
          relabel: actors.addressBook.relabel,
          bindForm: bindAddressMachine.provide({
            actors: { bind: actors.addressBook.bind, sendCode },
            actions: bindActions,
          }),
        },
      }),
  };
}
