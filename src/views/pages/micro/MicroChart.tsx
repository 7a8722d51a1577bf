import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Observable } from 'rxjs';
import type { MicroScreenRef } from '../../../machines/micro-screen.machine.ts';
import type { DealSnapshot } from '../../../streams/trade-feeds.ts';
import { useSelector } from '../../use-app-actor.ts';
import { useMediaQuery } from '../home/use-media-query.ts';
import { KlineChart } from '../trade/KlineChart.tsx';
import { arrow, chartContracts, contractMarks, sameChartContracts } from './contract-marks.ts';
import { useThrottled } from './use-throttled.ts';

/** The chart's marks follow the countdown at most this often (ms). */
const MARKS_EVERY_MS = 1000;

/** Where the chart is phone-narrow (micro.css stacks the panels) and a label names one contract. */
const NARROW_CHART_QUERY = '(max-width: 599px)';

/**
 * The pair's candles with the running contracts drawn over them: each one's open price as a line
 * labelled with its direction, stake and seconds left, and its open trade as a moment (see
 * contract-marks.ts). The marks are rebuilt only when a whole second of a countdown changes, and
 * handed to the chart at most once a second.
 */
export function MicroChart({
  screen,
  matchId,
  symbol,
  deal$,
}: {
  screen: MicroScreenRef;
  matchId: number;
  symbol: string;
  deal$: Observable<DealSnapshot>;
}) {
  const { t } = useTranslation();
  const contracts = useSelector(
    screen,
    (snapshot) => chartContracts(snapshot.context.running, snapshot.context.clock),
    sameChartContracts,
  );
  const shown = useThrottled(contracts, MARKS_EVERY_MS);
  const narrow = useMediaQuery(NARROW_CHART_QUERY);
  const marks = useMemo(
    () =>
      contractMarks(
        shown,
        (contract) =>
          t('micro.chartMark', {
            arrow: arrow(contract),
            direction: t(contract.up ? 'micro.up' : 'micro.down'),
            amount: contract.amount,
            code: contract.code,
            seconds: contract.remain,
          }),
        narrow ? 1 : 2,
      ),
    [shown, t, narrow],
  );
  return (
    <section className="trade-panel micro-chart" aria-label={t('trade.chart.title')}>
      <KlineChart key={`chart-${matchId}`} matchId={matchId} symbol={symbol} deal$={deal$} marks={marks} />
    </section>
  );
}
