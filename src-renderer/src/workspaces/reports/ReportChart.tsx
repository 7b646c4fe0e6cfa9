// An ECharts chart (canvas, hover tooltips) with PNG and SVG export of the same option, made for
// the width it has: its legend wraps there, and the chart grows to hold it.
import type { EChartsOption } from 'echarts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { echarts, renderChartSvg } from '../../../../shared/report/svg';
import { saveDataUrl, saveText } from './save';

export function ReportChart({
  make,
  fileName,
  testId,
  title,
}: {
  /** The chart's option at a width, and the height that holds it. */
  make(width: number): { option: EChartsOption; height: number };
  fileName: string;
  testId: string;
  title: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof echarts.init> | null>(null);
  const [width, setWidth] = useState(0);
  const { option, height } = useMemo(() => make(width || 960), [make, width]);

  useEffect(() => {
    const element = host.current!;
    const instance = echarts.init(element, null, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => {
      setWidth(element.clientWidth);
      instance.resize();
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  const exportPng = () => {
    const url = chart.current?.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#ffffff' });
    if (url) saveDataUrl(`${fileName}.png`, url);
  };
  const exportSvg = () => {
    saveText(`${fileName}.svg`, renderChartSvg(option, width || 960, height), 'image/svg+xml');
  };

  return (
    <figure className="report-chart" data-testid={testId}>
      <figcaption>
        <span className="report-table-title">{title}</span>
        <span className="report-actions">
          <button type="button" onClick={exportPng} data-testid={`${testId}-png`}>
            PNG
          </button>
          <button type="button" onClick={exportSvg} data-testid={`${testId}-svg`}>
            SVG
          </button>
        </span>
      </figcaption>
      <div className="report-chart-canvas" ref={host} style={{ height }} role="img" aria-label={title} />
    </figure>
  );
}
