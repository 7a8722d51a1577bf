import { MICRO_STATUS_RUNNING, MICRO_TYPE_UP } from '../../../domain/contract-codes.ts';
import type { MicroOrder } from '../../../streams/micro-pushes.ts';
import type { ChartMarks, MarkTone, MomentMark, PriceMark } from '../trade/chart-marks.ts';
import { trimmedDecimal } from './micro-text.ts';

/**
 * At most this many running contracts are drawn on the chart, the ones expiring soonest: a chart
 * under two hundred labelled lines shows no candles (and redrawing them all costs a long task).
 * The contracts list below the chart still counts every one down.
 */
export const CHART_CONTRACTS = 8;

/** What the chart shows of one running contract. */
export interface ChartContract {
  readonly id: number;
  readonly up: boolean;
  /** The open trade's price, as a number on the price axis. */
  readonly openPrice: number;
  /** When the contract opened (ms, the market's clock). */
  readonly openedAt: number;
  /** The stake, trailing zeros trimmed, and its currency. */
  readonly amount: string;
  readonly code: string;
  /**
   * When it expires (ms, the market's clock). The label names this moment, not the seconds left:
   * seconds left would change every contract's label, and so hand the chart all its data again,
   * every second (a long task under a storm); the contracts list counts down.
   */
  readonly expiresAt: number;
}

/**
 * The running contracts the chart shows, soonest expiry first. A row already closed (shown for
 * half a second before it leaves the list) is not running. Nothing here reads the clock: the
 * marks change only when the contracts do.
 */
export function chartContracts(
  running: readonly MicroOrder[],
  limit: number = CHART_CONTRACTS,
): ChartContract[] {
  return running
    .filter((order) => order.status === MICRO_STATUS_RUNNING)
    .sort((a, b) => a.expires_at - b.expires_at || a.id - b.id)
    .slice(0, Math.max(0, limit))
    .map((order) => ({
      id: order.id,
      up: order.type === MICRO_TYPE_UP,
      openPrice: Number(order.open_price),
      openedAt: order.created_at,
      amount: trimmedDecimal(order.number),
      code: order.currency_name,
      expiresAt: order.expires_at,
    }));
}

/**
 * Whether two lists draw the same marks. The screen's snapshot changes several times a second (the
 * tick and the simulator's clock pushes) with the same contracts: the chart is not redrawn for
 * nothing.
 */
export function sameChartContracts(a: readonly ChartContract[], b: readonly ChartContract[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  return a.every((each, index) => {
    const other = b[index]!;
    return (
      each.id === other.id &&
      each.up === other.up &&
      each.openPrice === other.openPrice &&
      each.openedAt === other.openedAt &&
      each.amount === other.amount &&
      each.code === other.code &&
      each.expiresAt === other.expiresAt
    );
  });
}

/** The words of a contract's price line (the page translates them). */
export type ContractLabel = (contract: ChartContract) => string;

/**
 * Lines closer than this fraction of their price share one label: at the chart's usual zoom they
 * are a few pixels apart, and two labels drawn there cover each other.
 */
export const SHARED_LABEL_FRACTION = 0.001;

/**
 * Each contract as a price line at its open price (green for up, red for down, labelled with the
 * direction, the stake and the moment it expires: an expiry still to come has no bar on the chart's
 * category axis to stand on, see chart-marks.ts) and a moment when it opened (an arrow: many
 * contracts often open in one bar, and arrows over each other stay readable where words do not).
 *
 * Lines within SHARED_LABEL_FRACTION of an earlier one (sooner to expire) carry no label of their
 * own: the earlier line's label names them, at most `named` of them and then "+N" (a phone's chart
 * has room for one). A label naming both directions is drawn in the neutral colour, so an up
 * contract's words are never printed in the down colour.
 */
export function contractMarks(
  contracts: readonly ChartContract[],
  label: ContractLabel,
  named: number = 2,
): ChartMarks {
  const groups: { price: number; index: number; members: ChartContract[] }[] = [];
  for (const [index, contract] of contracts.entries()) {
    const near = groups.find(
      (group) => Math.abs(group.price - contract.openPrice) <= SHARED_LABEL_FRACTION * Math.abs(group.price),
    );
    if (near) near.members.push(contract);
    else groups.push({ price: contract.openPrice, index, members: [contract] });
  }
  const labels = contracts.map(() => '');
  const tones: MarkTone[] = contracts.map((contract) => (contract.up ? 'profit' : 'loss'));
  for (const group of groups) {
    const shown = group.members.slice(0, Math.max(1, named)).map(label).join('   ');
    const rest = group.members.length - Math.max(1, named);
    labels[group.index] = rest > 0 ? `${shown}   +${rest}` : shown;
    if (group.members.some((member) => member.up !== group.members[0]!.up)) tones[group.index] = 'neutral';
  }
  const prices: PriceMark[] = [];
  const moments: MomentMark[] = [];
  contracts.forEach((contract, index) => {
    const tone = contract.up ? 'profit' : 'loss';
    prices.push({
      id: `micro-${contract.id}-open`,
      price: contract.openPrice,
      label: labels[index]!,
      tone: tones[index]!,
    });
    moments.push({
      id: `micro-${contract.id}-opened`,
      time: contract.openedAt,
      label: arrow(contract),
      tone,
    });
  });
  return { prices, moments };
}

/** ▲ for up, ▼ for down. */
export function arrow(contract: Pick<ChartContract, 'up'>): string {
  return contract.up ? '▲' : '▼';
}
