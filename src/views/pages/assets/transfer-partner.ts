import { isWalletAccount, type WalletAccount } from '../../../domain/wallet/accounts.ts';
import type { LogLine } from '../../../streams/queries/wallet.ts';

/** Where a transfer record's money went, or came from: the other account of the user it names. */
export interface TransferPartner {
  direction: 'to' | 'from';
  account: WalletAccount;
}

/**
 * The other side of a transfer between the user's own accounts, from the record's extra_data
 * (account_log: `account` names it on transferIn / transferOut lines); null for any other record,
 * or when the server named no account this app knows.
 */
export function transferPartnerOf(line: Pick<LogLine, 'type' | 'extra_data'>): TransferPartner | null {
  const direction = line.type === 'transferOut' ? 'to' : line.type === 'transferIn' ? 'from' : null;
  const account = (line.extra_data.account ?? '').replace(/_account$/, '');
  if (direction === null || !isWalletAccount(account)) return null;
  return { direction, account };
}
