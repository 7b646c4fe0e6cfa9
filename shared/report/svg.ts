// Renders an ECharts option to an SVG string without a DOM (ECharts server-side rendering).
// Used by `egostudio report` and by the studio's "SVG" export.
import { BarChart, ScatterChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers';
import type { EChartsOption } from 'echarts';
import './zrender-own-keys';

echarts.use([BarChart, ScatterChart, GridComponent, LegendComponent, TitleComponent, TooltipComponent, SVGRenderer, CanvasRenderer]);

export { echarts };

export function renderChartSvg(option: EChartsOption, width = 960, height = 420): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption({ backgroundColor: '#ffffff', ...option, animation: false });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}
