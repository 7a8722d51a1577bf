import { WITHDRAWABLE_CONFIRMATIONS, depositStage } from '../../../domain/wallet/amounts.ts';
import { isTransferAllowed, type WalletAccount } from '../../../domain/wallet/accounts.ts';
import { leverTransferable } from '../../../domain/lever/rules.ts';
import { accountFigures } from '../lever/part.ts';
import type { Decision } from '../../store/aggregate.ts';
import { applyPostings, userBalance, type Posting } from '../../ledger/postings.ts';
import type { WalletCommand } from './commands.ts';
import type { WalletEvent } from './events.ts';
import type { ExchangeEvent, ExchangePart } from '../../exchange/exchange.ts';
import type { LogLine } from './state.ts';
import type { ExchangeState } from '../../exchange/state.ts';

/** Refusals, by their server message keys (locales "server" section). */
export const WALLET_REFUSALS = [
  'walletAmountInvalid',
  'walletInsufficient',
  'walletNotYetWithdrawable',
  'walletWithdrawalNotFound',
  'walletWithdrawalNotCancellable',
  'walletTransferNotAllowed',
  'walletLeverMargin',
] as const;
export type WalletRefusal = (typeof WALLET_REFUSALS)[number];

const refuse = (error: WalletRefusal): Decision<WalletEvent> => ({ ok: false, error });

const WALLET_KINDS = new Set<string>([
  'deposit',
  'advance',
  'withdraw',
  'cancelWithdrawal',
  'transfer',
  'convert',
]);

function isWalletEvent(event: ExchangeEvent): event is WalletEvent {
  return (
    event.type === 'DepositSeen' ||
    event.type === 'DepositConfirmed' ||
    event.type === 'WithdrawalRequested' ||
    event.type === 'WithdrawalBroadcast' ||
    event.type === 'WithdrawalConfirmed' ||
    event.type === 'WithdrawalCancelled' ||
    event.type === 'Transferred' ||
    event.type === 'Converted'
  );
}

/**
 * Credited deposits of a currency still short of the confirmations that make them withdrawable
 * (spec §9): they may be traded and transferred, not withdrawn.
 */
export function immatureCredit(state: ExchangeState, userId: number, currencyId: number): bigint {
  let total = 0n;
  for (const deposit of state.wallet.deposits.values()) {
    if (deposit.userId !== userId || deposit.currencyId !== currencyId) continue;
    if (depositStage(deposit.confirmations, deposit.belowMinimum) === 'credited') total += deposit.units;
  }
  return total;
}

/** What a user may withdraw of a currency now: the trade account's available less immature deposits. */
export function withdrawable(state: ExchangeState, userId: number, currencyId: number): bigint {
  const available = userBalance(state, userId, 'change', currencyId).available;
  const free = available - immatureCredit(state, userId, currencyId);
  return free > 0n ? free : 0n;
}

/** The ledger postings of one wallet event: balanced by construction (see postings.ts). */
export function postingsOf(state: ExchangeState, event: WalletEvent): Posting[] {
  const user = (
    userId: number,
    account: WalletAccount,
    currencyId: number,
    available: bigint,
    locked = 0n,
  ): Posting => ({
    kind: 'user',
    userId,
    account,
    currencyId,
    available,
    locked,
  });
  switch (event.type) {
    case 'DepositSeen':
    case 'WithdrawalBroadcast':
      return [];
    case 'DepositConfirmed': {
      const deposit = state.wallet.deposits.get(event.depositId);
      if (!deposit || event.credit === 0n) return [];
      return [
        user(deposit.userId, 'change', deposit.currencyId, event.credit),
        { kind: 'book', book: 'deposits', currencyId: deposit.currencyId, amount: -event.credit },
      ];
    }
    case 'WithdrawalRequested': {
      const w = event.withdrawal;
      return [user(w.userId, 'change', w.currencyId, -w.units, w.units)];
    }
    case 'WithdrawalConfirmed': {
      const w = state.wallet.withdrawals.get(event.withdrawalId);
      if (!w) return [];
      return [
        user(w.userId, 'change', w.currencyId, 0n, -w.units),
        { kind: 'book', book: 'fees', currencyId: w.currencyId, amount: w.fee },
        { kind: 'book', book: 'withdrawals', currencyId: w.currencyId, amount: w.receive },
      ];
    }
    case 'WithdrawalCancelled': {
      const w = state.wallet.withdrawals.get(event.withdrawalId);
      if (!w) return [];
      return [user(w.userId, 'change', w.currencyId, w.units, -w.units)];
    }
    case 'Transferred':
      return [
        user(event.userId, event.from, event.currencyId, -event.units),
        user(event.userId, event.to, event.currencyId, event.units),
      ];
    case 'Converted':
      return [
        user(event.userId, 'change', event.currencyId, -event.units),
        { kind: 'book', book: 'conversion', currencyId: event.currencyId, amount: event.units },
        { kind: 'book', book: 'conversion', currencyId: event.toCurrencyId, amount: -event.proceeds },
        user(event.userId, 'change', event.toCurrencyId, event.proceeds),
      ];
  }
}

/** What each user posting of an event reads as in the records. */
function logKindOf(
  event: WalletEvent,
  posting: Posting & { kind: 'user' },
): { kind: string; detail: string } {
  switch (event.type) {
    case 'DepositConfirmed':
      return { kind: 'deposit', detail: '' };
    case 'WithdrawalRequested':
      return { kind: 'withdraw', detail: event.withdrawal.address };
    case 'WithdrawalCancelled':
      return { kind: 'withdrawRefund', detail: '' };
    case 'Transferred':
      return posting.account === event.from
        ? { kind: 'transferOut', detail: event.to }
        : { kind: 'transferIn', detail: event.from };
    case 'Converted':
      return posting.available < 0n ? { kind: 'convertOut', detail: '' } : { kind: 'convertIn', detail: '' };
    default:
      return { kind: event.type, detail: '' };
  }
}

function decideWallet(state: ExchangeState, command: WalletCommand): Decision<WalletEvent> {
  const { wallet } = state;
  switch (command.kind) {
    case 'deposit': {
      if (command.units <= 0n) return refuse('walletAmountInvalid');
      return {
        ok: true,
        events: [
          {
            type: 'DepositSeen',
            at: command.at,
            deposit: {
              id: wallet.nextDepositId,
              userId: command.userId,
              currencyId: command.currencyId,
              chain: command.chain,
              units: command.units,
              txHash: command.txHash,
              seenAt: command.at,
              confirmEveryMs: command.confirmEveryMs,
              confirmations: 0,
              belowMinimum: command.units < command.minimum,
            },
          },
        ],
        reply: wallet.nextDepositId,
      };
    }
    case 'advance': {
      const events: WalletEvent[] = [];
      for (const deposit of wallet.deposits.values()) {
        if (deposit.confirmations >= WITHDRAWABLE_CONFIRMATIONS) continue;
        const reached = Math.min(
          WITHDRAWABLE_CONFIRMATIONS,
          Math.floor((command.at - deposit.seenAt) / deposit.confirmEveryMs),
        );
        if (reached <= deposit.confirmations) continue;
        const credit = deposit.confirmations === 0 && !deposit.belowMinimum ? deposit.units : 0n;
        events.push({
          type: 'DepositConfirmed',
          at: command.at,
          depositId: deposit.id,
          confirmations: reached,
          credit,
        });
      }
      for (const w of wallet.withdrawals.values()) {
        if (w.status === 'review' && command.at >= w.createdAt + command.reviewMs) {
          events.push({
            type: 'WithdrawalBroadcast',
            at: command.at,
            withdrawalId: w.id,
            txHash: txHashOf('w', w.id, w.address),
          });
        } else if (w.status === 'broadcast' && command.at >= w.updatedAt + command.broadcastMs) {
          events.push({ type: 'WithdrawalConfirmed', at: command.at, withdrawalId: w.id });
        }
      }
      return { ok: true, events };
    }
    case 'withdraw': {
      if (command.units <= 0n || command.fee < 0n || command.fee >= command.units)
        return refuse('walletAmountInvalid');
      const available = userBalance(state, command.userId, 'change', command.currencyId).available;
      if (available < command.units) return refuse('walletInsufficient');
      if (withdrawable(state, command.userId, command.currencyId) < command.units)
        return refuse('walletNotYetWithdrawable');
      const id = wallet.nextWithdrawalId;
      return {
        ok: true,
        events: [
          {
            type: 'WithdrawalRequested',
            at: command.at,
            withdrawal: {
              id,
              userId: command.userId,
              currencyId: command.currencyId,
              chain: command.chain,
              address: command.address,
              memo: command.memo,
              units: command.units,
              fee: command.fee,
              receive: command.units - command.fee,
              status: 'review',
              txHash: '',
              createdAt: command.at,
              updatedAt: command.at,
            },
          },
        ],
        reply: id,
      };
    }
    case 'cancelWithdrawal': {
      const w = wallet.withdrawals.get(command.withdrawalId);
      // Someone else's withdrawal reads as unknown: ids must not tell whose exist.
      if (!w || w.userId !== command.userId) return refuse('walletWithdrawalNotFound');
      if (w.status !== 'review') return refuse('walletWithdrawalNotCancellable');
      return {
        ok: true,
        events: [{ type: 'WithdrawalCancelled', at: command.at, withdrawalId: w.id }],
        reply: w.id,
      };
    }
    case 'transfer': {
      if (!isTransferAllowed(command.from, command.to)) return refuse('walletTransferNotAllowed');
      if (command.units <= 0n) return refuse('walletAmountInvalid');
      if (userBalance(state, command.userId, command.from, command.currencyId).available < command.units)
        return refuse('walletInsufficient');
      // Lever: the open positions' unrealised losses at the recorded marks stay behind.
      if (command.from === 'lever') {
        const figures = accountFigures(state, command.userId, command.currencyId);
        if (command.units > leverTransferable(figures.free, figures.pnl)) return refuse('walletLeverMargin');
      }
      return {
        ok: true,
        events: [{ type: 'Transferred', ...command }].map(
          ({ kind: _kind, ...event }) => event as WalletEvent,
        ),
      };
    }
    case 'convert': {
      if (command.units <= 0n || command.proceeds <= 0n) return refuse('walletAmountInvalid');
      if (userBalance(state, command.userId, 'change', command.currencyId).available < command.units)
        return refuse('walletInsufficient');
      const { kind: _kind, ...rest } = command;
      return { ok: true, events: [{ type: 'Converted', ...rest }] };
    }
  }
}

/** A simulated transaction hash: deterministic, 64 hex digits, different for every input. */
export function txHashOf(prefix: string, id: number, salt: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  const text = `${prefix}:${id}:${salt}`;
  let out = '';
  for (let round = 0; out.length < 64; round++) {
    for (let i = 0; i < text.length; i++) {
      h1 = Math.imul(h1 ^ text.charCodeAt(i), 0x01000193) >>> 0;
      h2 = Math.imul(h2 ^ (text.charCodeAt(i) + round), 0x5bd1e995) >>> 0;
    }
    out += h1.toString(16).padStart(8, '0') + h2.toString(16).padStart(8, '0');
  }
  return out.slice(0, 64);
}

function evolveWallet(state: ExchangeState, event: WalletEvent): ExchangeState {
  const postings = postingsOf(state, event);
  let next = applyPostings(state, postings);
  const wallet = { ...next.wallet };
  switch (event.type) {
    case 'DepositSeen': {
      wallet.deposits = new Map(wallet.deposits).set(event.deposit.id, event.deposit);
      wallet.nextDepositId = Math.max(wallet.nextDepositId, event.deposit.id + 1);
      break;
    }
    case 'DepositConfirmed': {
      const deposit = wallet.deposits.get(event.depositId);
      if (deposit)
        wallet.deposits = new Map(wallet.deposits).set(deposit.id, {
          ...deposit,
          confirmations: event.confirmations,
        });
      break;
    }
    case 'WithdrawalRequested': {
      wallet.withdrawals = new Map(wallet.withdrawals).set(event.withdrawal.id, event.withdrawal);
      wallet.nextWithdrawalId = Math.max(wallet.nextWithdrawalId, event.withdrawal.id + 1);
      break;
    }
    case 'WithdrawalBroadcast':
    case 'WithdrawalConfirmed':
    case 'WithdrawalCancelled': {
      const w = wallet.withdrawals.get(event.withdrawalId);
      if (!w) break;
      const status =
        event.type === 'WithdrawalBroadcast'
          ? 'broadcast'
          : event.type === 'WithdrawalConfirmed'
            ? 'confirmed'
            : 'cancelled';
      const txHash = event.type === 'WithdrawalBroadcast' ? event.txHash : w.txHash;
      wallet.withdrawals = new Map(wallet.withdrawals).set(w.id, {
        ...w,
        status,
        txHash,
        updatedAt: event.at,
      });
      break;
    }
    default:
      break;
  }
  // The records: one line per user posting that moved an available balance.
  for (const posting of postings) {
    if (posting.kind !== 'user' || posting.available === 0n) continue;
    const before = userBalance(state, posting.userId, posting.account, posting.currencyId).available;
    const { kind, detail } = logKindOf(event, posting);
    const line: LogLine = {
      id: wallet.nextLogId,
      account: posting.account,
      currencyId: posting.currencyId,
      before,
      value: posting.available,
      after: before + posting.available,
      kind,
      detail,
      at: event.at,
    };
    wallet.nextLogId += 1;
    wallet.logs = new Map(wallet.logs).set(posting.userId, [
      ...(wallet.logs.get(posting.userId) ?? []),
      line,
    ]);
  }
  next = { ...next, wallet };
  return next;
}

/** The wallet as a part of the exchange. */
export const walletPart: ExchangePart = {
  name: 'wallet',
  overdrawn: 'walletInsufficient',
  ownsCommand: (command) => WALLET_KINDS.has(command.kind),
  ownsEvent: (event) => isWalletEvent(event as ExchangeEvent),
  decide: (state, command) => decideWallet(state, command as WalletCommand),
  postingsOf: (state, event) => postingsOf(state, event as WalletEvent),
  evolve: (state, event) => evolveWallet(state, event as WalletEvent),
};
