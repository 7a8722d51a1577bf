import { BarChart, CandlestickChart, LineChart } from 'echarts/charts';
import {
  AxisPointerComponent,
  DataZoomComponent,
  GridComponent,
  MarkLineComponent,
  TooltipComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

/** Only the ECharts parts the candlestick chart draws with (STACK.md: a third of the full bundle). */
echarts.use([
  CandlestickChart,
  LineChart,
  BarChart,
  GridComponent,
  DataZoomComponent,
  TooltipComponent,
  AxisPointerComponent,
  MarkLineComponent,
  CanvasRenderer,
]);

export { echarts };
