import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Observable } from 'rxjs';
import { resolveLanguage, tagOf } from '../../../domain/languages.ts';
import type { MicroScreenRef } from '../../../machines/micro-screen.machine.ts';
import type { DealSnapshot } from '../../../streams/trade-feeds.ts';
import { useTimeZone } from '../../components/use-time-zone.ts';
import { useSelector } from '../../use-app-actor.ts';
import { useMediaQuery } from '../home/use-media-query.ts';
import { KlineChart } from '../trade/KlineChart.tsx';
import { arrow, chartContracts, contractMarks, sameChartContracts } from './contract-marks.ts';
import { clockText } from './micro-text.ts';
import { useThrottled } from './use-throttled.ts';
import { useNumberText } from '../../use-number-text.ts';

/**
 * The chart's marks follow the running contracts at most this often (ms): two hundred contracts
 * settling within a second redraw the chart once, not two hundred times.
 */
const MARKS_EVERY_MS = 1000;

/** Where the chart is phone-narrow (micro.css stacks the panels) and a label names one contract. */
const NARROW_CHART_QUERY = '(max-width: 599px)';

/**
 * The pair's candles with its last price as a line tagged on the price axis (it moves with the
 * candles) and the running contracts drawn over them: each one's open price as a line
 * labelled with its direction, stake and the time it expires (in the chart's time zone), and its
 * open trade as a moment (see contract-marks.ts). The marks do not follow the clock: they are
 * rebuilt only when a contract is bought or settles, and handed to the chart at most once a second.
 */
export function MicroChart({
  screen,
  matchId,
  symbol,
  priceDecimals,
  deal$,
}: {
  screen: MicroScreenRef;
  matchId: number;
  symbol: string;
  priceDecimals: number;
  deal$: Observable<DealSnapshot>;
}) {
  const numbers = useNumberText();
  const { t, i18n } = useTranslation();
  const { zone } = useTimeZone();
  const tag = tagOf(resolveLanguage(i18n.language));
  const contracts = useSelector(
    screen,
    (snapshot) => chartContracts(snapshot.context.running),
    sameChartContracts,
  );
  const shown = useThrottled(contracts, MARKS_EVERY_MS);
  const narrow = useMediaQuery(NARROW_CHART_QUERY);
  const marks = useMemo(
    () => ({
      ...contractMarks(
        shown,
        (contract) =>
          t('micro.chartMark', {
            arrow: arrow(contract),
            direction: t(contract.up ? 'micro.up' : 'micro.down'),
            amount: numbers.amount(contract.amount, contract.code),
            code: contract.code,
            time: clockText(contract.expiresAt, tag, zone),
          }),
        narrow ? 1 : 2,
      ),
      lastPrice: (price: number) => numbers.price(price, priceDecimals),
    }),
    [shown, t, tag, zone, narrow, priceDecimals, numbers],
  );
  return (
    <section className="trade-panel micro-chart" aria-label={t('trade.chart.title')}>
      <KlineChart key={`chart-${matchId}`} matchId={matchId} symbol={symbol} deal$={deal$} marks={marks} />
    </section>
  );
}
