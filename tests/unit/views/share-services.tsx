import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { NEVER } from 'rxjs';
import type { Services } from '../../../src/app/app-services.ts';
import { leverCloseProofMachine } from '../../../src/machines/lever-close-proof.machine.ts';
import { pnlCardMachine } from '../../../src/machines/pnl-card.machine.ts';
import { ServicesContext } from '../../../src/views/services-context.ts';

/**
 * The services a positions or contracts list reaches for its proof and PnL card (issue 32), and
 * nothing else: a list test renders the list alone, without the app's transport and socket. The
 * user's info never arrives, so the card buttons stay disabled. A router holds the proof's link.
 */
const SHARE_SERVICES = {
  machines: { trading: { leverCloseProof: leverCloseProofMachine, pnlCard: pnlCardMachine } },
  queries: { personal: { userInfo$: NEVER } },
} as unknown as Services;

export function ShareServices({ children }: { children: ReactNode }) {
  return (
    <MemoryRouter>
      <ServicesContext.Provider value={SHARE_SERVICES}>{children}</ServicesContext.Provider>
    </MemoryRouter>
  );
}
