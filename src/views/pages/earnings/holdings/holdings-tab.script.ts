import { useState } from 'react';
import type { EarningsRedeemEvent } from '../../../../machines/earnings-redeem.machine.ts';
import type { Loadable } from '../../../../streams/loadable.ts';
import type { EarningsIncome, HoldingsPage } from '../../../../streams/queries/earnings.ts';
import { useServices } from '../../../services-context.ts';
import { useMachine } from '../../../use-app-actor.ts';
import { useDemoTools } from '../../../use-demo-tools.ts';
import { useLoadable } from '../../../use-loadable.ts';
import { useObservable } from '../../../use-observable.ts';

export interface HoldingsTabProps {
  active: Loadable<HoldingsPage>;
  ended: Loadable<HoldingsPage>;
  income: Loadable<EarningsIncome>;
  /** The exchange's now, for the countdowns. */
  now: number;
  /** The holding whose redemption waits for its confirmation, if any. */
  pendingRedeem: number | null;
  redeem: (event: EarningsRedeemEvent) => void;
  /** The demo tools' "skip a day" (simulator only); null where the backend does not serve it. */
  skipDay: { skipping: boolean; skip: () => void } | null;
}

/** My holdings, their income and the demo day skip: reads following pushes, redeem and skip machines. */
export function useHoldingsTab(): HoldingsTabProps {
  const { queries, machines } = useServices();
  const demoTools = useDemoTools();
  const [active$] = useState(() => queries.earnings.holdings$(1));
  const [ended$] = useState(() => queries.earnings.holdings$(2));
  const [income$] = useState(() => queries.earnings.income$());
  const [simNow$] = useState(() => queries.earnings.simNow$());
  const active = useLoadable(active$);
  const ended = useLoadable(ended$);
  const income = useLoadable(income$);
  const serverNow = active.data?.server_now ?? 0;
  // The simulator's clock pushes move the countdown; a real server's answer time is the floor.
  const now = Math.max(useObservable(simNow$, 0), serverNow);
  const [redeem, sendRedeem] = useMachine(machines.earnings.redeem);
  const [skip, sendSkip] = useMachine(machines.earnings.skipDay);
  return {
    active,
    ended,
    income,
    now,
    pendingRedeem: redeem.context.pending,
    redeem: sendRedeem,
    skipDay: demoTools
      ? { skipping: skip.matches('skipping'), skip: () => sendSkip({ type: 'SKIP' }) }
      : null,
  };
}
