import ReactEChartsCore from 'echarts-for-react/esm/core';
import { PieChart } from 'echarts/charts';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useTranslation } from 'react-i18next';
import { useDocumentTheme } from '../../components/use-document-theme.ts';
import { useNumberText } from '../../use-number-text.ts';

echarts.use([PieChart, CanvasRenderer]);

const PALETTE = ['#f0b90b', '#2e9bff', '#16c784', '#a66cff', '#ff7a45', '#8a94a6'];

/** The share of each currency in an account's USD value (top five, the rest together). */
export function AllocationChart({ slices }: { slices: readonly { code: string; usd: number }[] }) {
  const numbers = useNumberText();
  const { t } = useTranslation();
  const theme = useDocumentTheme();
  const sorted = [...slices].filter((slice) => slice.usd > 0).sort((a, b) => b.usd - a.usd);
  const top = sorted.slice(0, 5);
  const rest = sorted.slice(5).reduce((sum, slice) => sum + slice.usd, 0);
  const data = [
    ...top.map((slice) => ({ name: slice.code, value: slice.usd })),
    ...(rest > 0 ? [{ name: t('wallet.others'), value: rest }] : []),
  ];
  const total = data.reduce((sum, slice) => sum + slice.value, 0);
  if (data.length === 0) return null;
  const option = {
    animation: false,
    color: PALETTE,
    series: [
      {
        type: 'pie' as const,
        radius: ['58%', '88%'],
        label: { show: false },
        silent: true,
        itemStyle: { borderColor: theme === 'light' ? '#ffffff' : '#161a22', borderWidth: 2 },
        data,
      },
    ],
  };
  return (
    <figure className="wallet-chart" aria-label={t('wallet.allocation')} data-testid="allocation-chart">
      <ReactEChartsCore echarts={echarts} option={option} style={{ width: 112, height: 112 }} notMerge />
      <figcaption>
        <ul className="wallet-legend">
          {data.map((slice, index) => (
            <li key={slice.name}>
              <span className="wallet-swatch" style={{ background: PALETTE[index % PALETTE.length] }} />
              <span>{slice.name}</span>
              <span className="muted">{numbers.percent(((slice.value / total) * 100).toFixed(1))}</span>
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
