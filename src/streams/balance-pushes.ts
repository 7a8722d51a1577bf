import { type Observable } from 'rxjs';
import { decodePayload } from './decode.ts';
import type { ChannelSource } from './market.ts';
import { balanceFrame, simClockFrame } from './lazy-payloads.ts';
import type { BalancePush, SimClock } from './payloads.ts';

/**
 * The owner's BALANCE pushes (private channel, spec-family style: one flat frame per account and
 * currency that moved, after every deposit credit, withdrawal, transfer, conversion and spot order
 * or fill). Wallet reads refresh on them instead of polling.
 */
export function balancePushes$(socket: ChannelSource): Observable<BalancePush> {
  return socket.channel('BALANCE').pipe(decodePayload(balanceFrame));
}

/** The simulator's clock pushes (simulator only; a real server never sends them). */
export function simClock$(socket: ChannelSource): Observable<SimClock> {
  return socket.channel('SIM_CLOCK').pipe(decodePayload(simClockFrame));
}
