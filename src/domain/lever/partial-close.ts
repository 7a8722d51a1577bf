import { divideRounded } from '../money.ts';

/**
 * Closing part of a lever position (issue 32 item 4). Tessera's choices, where the spec is silent:
 *
 * - A part is a whole number of lots, at least 1 and fewer than the position holds (all of them is
 *   the ordinary close). A share of 25 / 50 / 75 / 100 % is that share of the lots, rounded down.
 * - The part takes its share of the position's bond, original bond, fee and overnight fees, each
 *   rounded down (the part is never charged more than its share); what is left stays with the rest,
 *   so nothing is lost or made up: part + rest = the position, unit for unit.
 * - The part's quantity is its lots x lever_share_num, exactly (quantity = lots x share_num).
 */

/** The amounts of a position that are split when part of it closes (1e-8 units; lots whole). */
export interface LeverSplittable {
  readonly lots: bigint;
  readonly quantity: bigint;
  readonly bond: bigint;
  readonly originBond: bigint;
  readonly fee: bigint;
  readonly overnight: bigint;
}

/** A share of the lots, rounded down: 25 % of 7 lots is 1. */
export function leverLotsAtPercent(lots: bigint, percent: number): bigint {
  if (lots <= 0n || percent <= 0) return 0n;
  return divideRounded(lots * BigInt(Math.min(Math.trunc(percent), 100)), 100n, 'floor');
}

/** Whether `part` lots may be closed of a position holding `lots`: 1 to all of them. */
export function leverCloseLotsAllowed(lots: bigint, part: bigint): boolean {
  return part >= 1n && part <= lots;
}

/** `value` x part / lots, rounded down. */
function shareOf(value: bigint, part: bigint, lots: bigint): bigint {
  return divideRounded(value * part, lots, 'floor');
}

/** The closed part (`part` lots, 0 < part < lots) and the rest of the position. */
export function leverSplit(
  position: LeverSplittable,
  part: bigint,
): { closed: LeverSplittable; rest: LeverSplittable } {
  const { lots } = position;
  const closed: LeverSplittable = {
    lots: part,
    quantity: shareOf(position.quantity, part, lots),
    bond: shareOf(position.bond, part, lots),
    originBond: shareOf(position.originBond, part, lots),
    fee: shareOf(position.fee, part, lots),
    overnight: shareOf(position.overnight, part, lots),
  };
  return {
    closed,
    rest: {
      lots: lots - part,
      quantity: position.quantity - closed.quantity,
      bond: position.bond - closed.bond,
      originBond: position.originBond - closed.originBond,
      fee: position.fee - closed.fee,
      overnight: position.overnight - closed.overnight,
    },
  };
}
