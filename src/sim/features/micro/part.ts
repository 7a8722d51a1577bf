import { microOutcome, microPayout, microStakeProblem, RATIO_SCALE } from '../../../domain/micro/rules.ts';
import type { Decision } from '../../store/aggregate.ts';
import { applyPostings, userBalance, type Posting } from '../../ledger/postings.ts';
import type { LogLine } from '../wallet/state.ts';
import { initialMicroState, userContractIndex, withUserContract, type MicroState } from './state.ts';
import { MICRO_COMMANDS, MICRO_EVENTS, type MicroCommand, type MicroEvent } from './events.ts';
import type { ExchangePart } from '../../exchange/exchange.ts';
import type { ExchangeState } from '../../exchange/state.ts';

/** Refusals, by their server message keys (locales "server" section). */
export const MICRO_REFUSALS = [
  'microAmountTooSmall',
  'microAmountTooLarge',
  'microInsufficient',
  'microRatioInvalid',
  'microNoPrice',
] as const;
export type MicroRefusal = (typeof MICRO_REFUSALS)[number];

const EMPTY = initialMicroState();

/** The micro slice of the exchange's state (empty in a log that never had a contract). */
export function microOf(state: ExchangeState): MicroState {
  return state.micro ?? EMPTY;
}

const refuse = (error: MicroRefusal): Decision<MicroEvent> => ({ ok: false, error });

function decideMicro(state: ExchangeState, command: MicroCommand): Decision<MicroEvent> {
  switch (command.kind) {
    case 'microBuy': {
      if (command.ratioBps <= 0n || command.ratioBps > RATIO_SCALE) return refuse('microRatioInvalid');
      if (command.open.price <= 0) return refuse('microNoPrice');
      const available = userBalance(state, command.userId, 'micro', command.currencyId).available;
      const problem = microStakeProblem(command.stake, command, available);
      if (problem) return refuse(problem);
      const id = microOf(state).nextContractId;
      return {
        ok: true,
        events: [
          {
            type: 'MicroOpened',
            at: command.at,
            contract: {
              id,
              userId: command.userId,
              pairId: command.pairId,
              currencyId: command.currencyId,
              direction: command.direction,
              seconds: command.seconds,
              ratioBps: command.ratioBps,
              stake: command.stake,
              fee: command.fee,
              openedAt: command.at,
              expiresAt: command.at + command.seconds * 1000,
              open: command.open,
              status: 'running',
              close: null,
              outcome: null,
              payout: 0n,
              closedAt: null,
            },
          },
        ],
        reply: id,
      };
    }
    case 'microSettle': {
      const events: MicroEvent[] = [];
      for (const { contractId, close } of command.closes) {
        const contract = microOf(state).contracts.get(contractId);
        // Only a running contract past its expiry settles, and only on a trade at or before expiry.
        if (!contract || contract.status !== 'running' || command.at < contract.expiresAt) continue;
        if (close.time > contract.expiresAt) continue;
        const outcome = microOutcome(contract.direction, contract.open.price, close.price);
        events.push({
          type: 'MicroSettled',
          at: command.at,
          contractId,
          close,
          outcome,
          payout: microPayout(contract.stake, contract.ratioBps, outcome),
        });
      }
      return { ok: true, events };
    }
  }
}

/**
 * The ledger postings of a micro event. Buying locks the stake in the micro account and pays the
 * fee to the fees book; settling releases the stake: a loss goes to the exchange's micro book, a
 * win's profit comes from it, a tie goes back to the user.
 */
export function microPostings(state: ExchangeState, event: MicroEvent): Posting[] {
  if (event.type === 'MicroOpened') {
    const c = event.contract;
    return [
      {
        kind: 'user',
        userId: c.userId,
        account: 'micro',
        currencyId: c.currencyId,
        available: -(c.stake + c.fee),
        locked: c.stake,
      },
      { kind: 'book', book: 'fees', currencyId: c.currencyId, amount: c.fee },
    ];
  }
  const c = microOf(state).contracts.get(event.contractId);
  if (!c) return [];
  return [
    {
      kind: 'user',
      userId: c.userId,
      account: 'micro',
      currencyId: c.currencyId,
      available: event.payout,
      locked: -c.stake,
    },
    { kind: 'book', book: 'micro', currencyId: c.currencyId, amount: c.stake - event.payout },
  ];
}

function evolveMicro(state: ExchangeState, event: MicroEvent): ExchangeState {
  const postings = microPostings(state, event);
  const next = applyPostings(state, postings);
  const micro = { ...microOf(next) };
  // The per-user index: stored with every write (derived first for an older snapshot's state).
  const byUser = userContractIndex(micro);
  micro.byUser = byUser;
  let lineKind = '';
  let userId = 0;
  let currencyId = 0;
  let value = 0n;
  if (event.type === 'MicroOpened') {
    const c = event.contract;
    if (!micro.contracts.has(c.id)) micro.byUser = withUserContract(byUser, c);
    micro.contracts = new Map(micro.contracts).set(c.id, c);
    micro.running = new Set(micro.running).add(c.id);
    micro.nextContractId = Math.max(micro.nextContractId, c.id + 1);
    lineKind = 'microBuy';
    ({ userId, currencyId } = c);
    value = -(c.stake + c.fee);
  } else {
    const c = micro.contracts.get(event.contractId);
    if (!c) return next;
    micro.contracts = new Map(micro.contracts).set(c.id, {
      ...c,
      status: 'closed',
      close: event.close,
      outcome: event.outcome,
      payout: event.payout,
      closedAt: event.at,
    });
    const running = new Set(micro.running);
    running.delete(c.id);
    micro.running = running;
    lineKind = 'microSettle';
    ({ userId, currencyId } = c);
    value = event.payout;
  }
  // The records (account_log/micro): one line per movement of the micro account's available.
  if (value === 0n) return { ...next, micro };
  const wallet = { ...next.wallet };
  const before = userBalance(state, userId, 'micro', currencyId).available;
  const line: LogLine = {
    id: wallet.nextLogId,
    account: 'micro',
    currencyId,
    before,
    value,
    after: before + value,
    kind: lineKind,
    detail: '',
    at: event.at,
  };
  wallet.nextLogId += 1;
  wallet.logs = new Map(wallet.logs).set(userId, [...(wallet.logs.get(userId) ?? []), line]);
  return { ...next, micro, wallet };
}

/** Micro as a part of the exchange's one log. */
export const microPart: ExchangePart = {
  name: 'micro',
  overdrawn: 'microInsufficient',
  ownsCommand: (command) => MICRO_COMMANDS.has(command.kind),
  ownsEvent: (event) => MICRO_EVENTS.has(event.type),
  decide: (state, command) => decideMicro(state, command as MicroCommand),
  postingsOf: (state, event) => microPostings(state, event as MicroEvent),
  evolve: (state, event) => evolveMicro(state, event as MicroEvent),
};
