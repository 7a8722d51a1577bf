import { hasEnded, type LeverProgress } from '../domain/lever-progress.ts';

/** One quote currency's lever account as the LEVER_TRADE push last told it. */
export interface LeverLiveAccount {
  currency_id: number;
  hazard_rate: string;
  profits_all: string;
  caution_money_all: string;
}

/** The pushed account of the pair's quote currency and the open positions that push counted in it. */
export interface LeverLive {
  account: LeverLiveAccount;
  counted: readonly number[];
}

/** What the rules below read of a position. */
interface Counted {
  id: number;
  status: number;
}

/**
 * The live account after a LEVER_TRADE push. A push that lists a position this screen already saw
 * end was sent before that end: its figures still count the position, so the account stays as it is.
 */
export function pushedLive(
  current: LeverLive | null,
  quoteCurrencyId: number,
  account: LeverLiveAccount,
  positions: readonly Counted[],
  folded: ReadonlyMap<number, LeverProgress>,
): LeverLive | null {
  if (account.currency_id !== quoteCurrencyId) return current;
  const late = positions.some((position) => {
    const known = folded.get(position.id);
    return known !== undefined && hasEnded(known.status);
  });
  if (late) return current;
  return { account, counted: positions.map((position) => position.id) };
}

/**
 * The live account after positions ended (a LEVER_CLOSED push, or the answer of a close). The server
 * pushes LEVER_TRADE only for a currency that still has open positions, so when the last one it
 * counted has closed, no push will correct the margin in use and the PnL: they are then known to be
 * zero. While some remain, the push that follows every change brings the new figures.
 */
export function liveAfterEnded(current: LeverLive | null, positions: readonly Counted[]): LeverLive | null {
  if (current === null) return null;
  const ended = new Set(positions.filter((position) => hasEnded(position.status)).map((each) => each.id));
  if (!current.counted.some((id) => ended.has(id))) return current;
  const counted = current.counted.filter((id) => !ended.has(id));
  if (counted.length > 0) return { account: current.account, counted };
  return {
    account: { ...current.account, hazard_rate: '0', profits_all: '0', caution_money_all: '0' },
    counted,
  };
}
