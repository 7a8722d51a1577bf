import ReactEChartsCore from 'echarts-for-react/esm/core';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useTranslation } from 'react-i18next';
import { dateTimeText } from '../../../domain/time-zone.ts';
import type { EarningsIncome } from '../../../streams/queries/earnings.ts';
import { useDocumentTheme } from '../../components/use-document-theme.ts';
import { useTimeZone } from '../../components/use-time-zone.ts';

echarts.use([LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

const PALETTE = ['#16c784', '#f0b90b', '#2e9bff'];

/**
 * Cumulative income per currency at every payout (ieo/income). ECharts has no time-zone option, so
 * the x axis is a category axis of payout times written in the user's zone (STACK.md).
 */
export function IncomeChart({ series }: { series: EarningsIncome['series'] }) {
  const { t } = useTranslation();
  const theme = useDocumentTheme();
  const { zone } = useTimeZone();
  const times = [...new Set(series.flatMap((line) => line.points.map((point) => point.at)))].sort(
    (a, b) => a - b,
  );
  if (times.length === 0) return null;
  const text = theme === 'light' ? '#5b6270' : '#8a94a6';
  const grid = theme === 'light' ? '#e6e8ec' : '#262b36';
  const option = {
    animation: false,
    color: PALETTE,
    grid: { left: 8, right: 8, top: 32, bottom: 8, containLabel: true },
    legend: { top: 0, textStyle: { color: text } },
    tooltip: { trigger: 'axis' as const },
    xAxis: {
      type: 'category' as const,
      data: times.map((at) => dateTimeText(at, zone)),
      axisLabel: { color: text, hideOverlap: true },
      axisLine: { lineStyle: { color: grid } },
    },
    // One axis per currency would not fit a phone; each line is scaled to its own maximum instead
    // only when there are several, so the shape of each stays readable.
    yAxis: series.map((_, index) => ({
      type: 'value' as const,
      show: index === 0,
      scale: true,
      axisLabel: { color: text },
      splitLine: { lineStyle: { color: grid } },
    })),
    series: series.map((line, index) => {
      // Carry each running total forward to the times of the other currencies' payouts.
      let last: number | null = null;
      const byTime = new Map(line.points.map((point) => [point.at, Number(point.total)]));
      return {
        type: 'line' as const,
        name: line.currency_code,
        yAxisIndex: index,
        step: 'end' as const,
        showSymbol: times.length < 40,
        data: times.map((at) => {
          last = byTime.get(at) ?? last;
          return last;
        }),
      };
    }),
  };
  return (
    <figure className="earn-chart" aria-label={t('earnings.chart')} data-testid="earn-chart">
      <ReactEChartsCore echarts={echarts} option={option} style={{ width: '100%', height: 220 }} notMerge />
    </figure>
  );
}
