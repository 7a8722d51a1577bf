import { HoldingsTabView } from './HoldingsTab.ui.tsx';
import { useHoldingsTab } from './holdings-tab.script.ts';

/** The holdings tab: its script (reads, redeem and skip machines) drawn by its view. */
export function HoldingsTab() {
  return <HoldingsTabView {...useHoldingsTab()} />;
}
