import { RecordsTabView } from './RecordsTab.ui.tsx';
import { useRecordsTab } from './records-tab.script.ts';

/** The records tab: its script (the dividends read, the page) drawn by its view. */
export function RecordsTab() {
  return <RecordsTabView {...useRecordsTab()} />;
}
