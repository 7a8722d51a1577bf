import type { Trade } from './trade.ts';

/** How many recent trades the tape keeps (spec §9: recent trades kept to 30 entries). */
export const TAPE_LENGTH = 30;

/** The latest trades of a pair, in a fixed ring so recording a trade allocates nothing but the trade. */
export class Tape {
  private readonly ring: Array<Trade | undefined> = new Array<Trade | undefined>(TAPE_LENGTH);
  private next = 0;
  private count = 0;

  push(trade: Trade): void {
    this.ring[this.next] = trade;
    this.next = (this.next + 1) % TAPE_LENGTH;
    if (this.count < TAPE_LENGTH) this.count++;
  }

  /** The kept trades, newest first. */
  latest(): Trade[] {
    const out: Trade[] = [];
    for (let i = 1; i <= this.count; i++) {
      out.push(this.ring[(this.next - i + TAPE_LENGTH) % TAPE_LENGTH]!);
    }
    return out;
  }

  last(): Trade | undefined {
    return this.count === 0 ? undefined : this.ring[(this.next - 1 + TAPE_LENGTH) % TAPE_LENGTH];
  }
}
