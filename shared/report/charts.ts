// Chart specs as Apache ECharts option objects: the same object renders in the studio (canvas,
// hover tooltips) and headless to SVG (svg.ts). No DOM, no Node here.
import type { EChartsOption } from 'echarts';
import { labelName, modeName, type ReportModel, type ScatterPoint } from './build';
import { ownValue } from '../format/own-data';
import { groupBy } from '../collections/group-by';

const HTML_SPECIAL: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Dataset text (model and mode names) as text in the tooltip's HTML, which ECharts sets as markup. */
export function asHtmlText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_SPECIAL[c]);
}

export const MODEL_PALETTE = ['#3b6fd6', '#e07b39', '#2f9e6e', '#c2417a', '#7a5cc7', '#b59a1e', '#3aa6b9', '#8a8a8a', '#5a3e2b', '#d43d3d'];

export const LABEL_COLORS: Record<string, string> = {
  correct: '#2f9e6e',
  syntactic: '#8a8a8a',
  perception: '#3b6fd6',
  hallucination: '#7a5cc7',
  logic: '#e07b39',
  memory: '#3aa6b9',
  over_operation: '#d43d3d',
  unknown: '#c4c4c4',
};

const MODE_SYMBOLS: Record<string, string> = { dynamic_easy: 'circle', dynamic_hard: 'triangle', static: 'rect', overall: 'diamond' };

const TEXT = { fontFamily: 'system-ui, -apple-system, Segoe UI, Helvetica, Arial, sans-serif' };

const fmt = (v: unknown, digits = 2) => (typeof v === 'number' ? v.toFixed(digits) : '–');

function modelColor(report: ReportModel, model: string): string {
  return MODEL_PALETTE[report.models.indexOf(model) % MODEL_PALETTE.length];
}

/** Fig. 3: JointSucc per scenario, one bar per model. */
export function scenarioChart(report: ReportModel): EChartsOption {
  return {
    animation: false,
    textStyle: TEXT,
    title: { text: 'JointSucc by scenario (%)', left: 'center', textStyle: { fontSize: 14 } },
    legend: { bottom: 0, type: 'scroll' },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v) => `${fmt(v)} %` },
    grid: { left: 48, right: 16, top: 40, bottom: 56 },
    xAxis: { type: 'category', data: report.scenarios },
    yAxis: { type: 'value', name: '%', min: 0, max: 100 },
    series: report.scenarioJoint.map((r) => ({
      type: 'bar',
      name: r.model,
      itemStyle: { color: modelColor(report, r.model) },
      data: report.scenarios.map((s) => r.values[s]),
    })),
  };
}

/** Fig. 4: the label shares per model, automatic labels and with human overrides side by side. */
export function errorsChart(report: ReportModel): EChartsOption {
  // Each panel holds its own model names (its grid contains its axis labels), so the second never starts under the first's.
  const panels = [
    { key: 'auto' as const, title: 'Automatic labels', left: '1%' },
    { key: 'reviewed' as const, title: `With human overrides (${report.overrides.applied})`, left: '51%' },
  ];
  return {
    animation: false,
    textStyle: TEXT,
    title: panels.map((p) => ({ text: p.title, left: p.left, top: 4, textStyle: { fontSize: 13 } })),
    legend: { bottom: 0, type: 'scroll', data: report.labels.map(labelName) },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v) => `${fmt(v)} %` },
    // outerBoundsMode 'same' with outerBoundsContain 'axisLabel' is ECharts 6's containLabel.
    grid: panels.map((p) => ({ left: p.left, width: '46%', top: 36, bottom: 48, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' })),
    xAxis: panels.map((_, i) => ({ type: 'value', gridIndex: i, min: 0, max: 100, name: '%' })),
    yAxis: panels.map((_, i) => ({ type: 'category', gridIndex: i, data: report.models, inverse: true, axisLabel: { show: true, width: MODEL_LABEL_WIDTH, overflow: 'truncate' } })),
    series: panels.flatMap((p, i) =>
      report.labels.map((label) => ({
        type: 'bar' as const,
        name: labelName(label),
        stack: p.key,
        xAxisIndex: i,
        yAxisIndex: i,
        itemStyle: { color: ownValue(LABEL_COLORS, label) ?? MODEL_PALETTE[report.labels.indexOf(label) % MODEL_PALETTE.length] },
        data: report.errors.map((e) => e[p.key][label]),
      })),
    ),
  };
}

export const SCATTER_AXES = [
  { key: 'tokens', title: 'Tokens per trajectory', short: 'Tokens' },
  { key: 'rounds', title: 'Rounds per trajectory', short: 'Rounds' },
  { key: 'calls', title: 'Tool calls per trajectory', short: 'Tool calls' },
] as const;

/** Model names beside the error bars: longer ones end in an ellipsis (the legend and tables have them whole). */
const MODEL_LABEL_WIDTH = 170;

/** 150000 as "150k", 2500000 as "2.5M": tick labels of a token axis that fit side by side. */
export function compactNumber(value: number): string {
  if (Math.abs(value) < 1e4) return String(+value.toFixed(2));
  // The unit after rounding: 999,999 is "1M", not "1000k".
  const thousands = Math.round(value / 1e3);
  return Math.abs(thousands) < 1000 ? `${thousands}k` : `${+(value / 1e6).toFixed(1)}M`;
}

/** Fig. 5: tokens, rounds and calls per trajectory against JointSucc, per model and mode. */
export function efficiencyScatter(report: ReportModel): EChartsOption {
  const panelWidth = 27;
  const left = (i: number) => `${6 + i * (panelWidth + 5.5)}%`;
  const byModel = groupBy(report.scatter, (p) => p.model);
  return {
    animation: false,
    textStyle: TEXT,
    title: [
      // Short, so that a panel's title fits its third of a narrow window (the axis names say "per trajectory").
      ...SCATTER_AXES.map((a, i) => ({ text: `${a.short} vs JointSucc (%)`, left: left(i), top: 4, textStyle: { fontSize: 13 } })),
      // The mode key on a line of its own, above the models' legend (which scrolls when long).
      { text: '● Dynamic Easy   ▲ Dynamic Hard   ■ Static   ◇ Overall', left: 'center', bottom: 24, textStyle: { fontSize: 11, fontWeight: 'normal' as const, color: '#555' } },
    ],
    legend: { bottom: 0, left: 8, right: 8, type: 'scroll', data: report.models },
    tooltip: {
      trigger: 'item',
      formatter: (params) => {
        const p = (params as unknown as { data: { point: ScatterPoint; axis: string } }).data;
        const axis = SCATTER_AXES.find((a) => a.key === p.axis)!;
        const x = p.point[axis.key];
        return `<b>${asHtmlText(p.point.model)}</b> · ${asHtmlText(modeName(p.point.mode))}<br/>${axis.title}: ${fmt(x, axis.key === 'tokens' ? 0 : 2)}<br/>JointSucc: ${fmt(p.point.joint_succ)} %`;
      },
    },
    grid: SCATTER_AXES.map((_, i) => ({ left: left(i), width: `${panelWidth}%`, top: 40, bottom: 84 })),
    xAxis: SCATTER_AXES.map((a, i) => {
      // Runs without token counts leave the Tokens panel empty: its ticks would be ECharts' 0 to 1, read as 0 tokens.
      const plotted = report.scatter.some((p) => p[a.key] !== null && p.joint_succ !== null);
      return {
        type: 'value',
        gridIndex: i,
        name: plotted ? a.title : `${a.title}: none in the runs`,
        nameLocation: 'middle',
        nameGap: 24,
        scale: true,
        axisLabel: { show: plotted, formatter: (value: number) => compactNumber(value), hideOverlap: true },
        axisTick: { show: plotted },
      };
    }),
    yAxis: SCATTER_AXES.map((_, i) => ({ type: 'value', gridIndex: i, min: 0, max: 100 })),
    series: SCATTER_AXES.flatMap((a, i) =>
      [...byModel].map(([model, points]) => ({
        type: 'scatter' as const,
        name: model,
        xAxisIndex: i,
        yAxisIndex: i,
        itemStyle: { color: modelColor(report, model) },
        data: points
          .filter((p) => p[a.key] !== null && p.joint_succ !== null)
          .map((p) => ({
            value: [p[a.key] as number, p.joint_succ as number],
            symbol: ownValue(MODE_SYMBOLS, p.mode) ?? 'pin',
            symbolSize: p.mode === 'overall' ? 16 : 10,
            // Overall is an outline: a model of one mode has its overall on that mode's point, which stays in sight.
            ...(p.mode === 'overall' ? { itemStyle: { color: 'transparent', borderColor: modelColor(report, model), borderWidth: 2 } } : {}),
            point: p,
            axis: a.key,
          })),
      })),
    ),
  };
}

/** The report's charts by file stem. */
export function reportCharts(report: ReportModel): Record<'scenarios' | 'errors' | 'efficiency', EChartsOption> {
  return { scenarios: scenarioChart(report), errors: errorsChart(report), efficiency: efficiencyScatter(report) };
}
