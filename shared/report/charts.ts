// Chart specs as Apache ECharts option objects: the same object renders in the studio (canvas,
// hover tooltips) and headless to SVG (svg.ts). No DOM, no Node here.
import type { EChartsOption } from 'echarts';
import { labelName, modeName, type ReportModel, type ScatterPoint } from './build';
import { ownValue } from '../format/own-data';
import { groupBy } from '../collections/group-by';
import { LABEL_COLORS } from './label-colors';

const HTML_SPECIAL: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Dataset text (model and mode names) as text in the tooltip's HTML, which ECharts sets as markup. */
export function asHtmlText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_SPECIAL[c]);
}

export const MODEL_PALETTE = ['#3b6fd6', '#e07b39', '#2f9e6e', '#c2417a', '#7a5cc7', '#b59a1e', '#3aa6b9', '#8a8a8a', '#5a3e2b', '#d43d3d'];

const MODE_SYMBOLS: Record<string, string> = { dynamic_easy: 'circle', dynamic_hard: 'triangle', static: 'rect', overall: 'diamond' };

const TEXT = { fontFamily: 'system-ui, -apple-system, Segoe UI, Helvetica, Arial, sans-serif' };

const fmt = (v: unknown, digits = 2) => (typeof v === 'number' ? v.toFixed(digits) : '–');

function modelColor(report: ReportModel, model: string): string {
  return MODEL_PALETTE[report.models.indexOf(model) % MODEL_PALETTE.length];
}

/** How many times the palette came round before a model's colour: models 0, 10 and 20 share a colour, not a round. */
function paletteRound(report: ReportModel, model: string): number {
  return Math.floor(report.models.indexOf(model) / MODEL_PALETTE.length);
}

/** Past the palette, a bar's texture per round (none, stripes, dots, cross-hatch), so two models of one colour differ in print too. */
const ROUND_DECALS = [
  undefined,
  { symbol: 'rect', dashArrayX: [1, 0], dashArrayY: [3, 5], rotation: Math.PI / 4, color: 'rgba(255,255,255,0.75)' },
  { symbol: 'circle', symbolSize: 0.8, dashArrayX: [[4, 4]], dashArrayY: [4, 0], color: 'rgba(255,255,255,0.8)' },
  { symbol: 'rect', dashArrayX: [1, 0], dashArrayY: [2, 4], rotation: -Math.PI / 4, color: 'rgba(0,0,0,0.45)' },
];

function barStyle(report: ReportModel, model: string) {
  const decal = ROUND_DECALS[paletteRound(report, model) % ROUND_DECALS.length];
  return { color: modelColor(report, model), ...(decal ? { decal } : {}) };
}

/** Past the palette, a point's outline per round (none, solid, dashed, dotted); the symbol's shape is its mode. */
const ROUND_OUTLINES = [undefined, 'solid', 'dashed', 'dotted'] as const;

function pointStyle(report: ReportModel, model: string) {
  const outline = ROUND_OUTLINES[paletteRound(report, model) % ROUND_OUTLINES.length];
  return { color: modelColor(report, model), ...(outline ? { borderColor: '#1a1a1a', borderWidth: 2, borderType: outline } : {}) };
}

/** Height of a row of a plain legend that wraps: its 14 px icons and 12 px text with the gap. */
const LEGEND_ROW = 22;
/** A character of 12 px legend text, reckoned wide: a browser's font may draw wider than ECharts measures headless. */
const LEGEND_CHAR = 7;
/** An item's icon, the gaps around its text and the margins of the legend's box. */
const LEGEND_ICON = 40;
const LEGEND_MARGIN = 26;

/**
 * The rows a plain legend of these names wraps into at `width`, reckoning every item as wide as
 * the longest at LEGEND_CHAR a character (more than ECharts measures), and the gap between items
 * that keeps a text a browser draws wider than that measure from running into the next icon.
 */
export function modelLegend(names: readonly string[], width: number): { rows: number; gap: number } {
  const room = Math.max(LEGEND_ICON + LEGEND_CHAR, width - LEGEND_MARGIN);
  const longest = Math.max(1, ...names.map((n) => [...n].length));
  const perRow = Math.max(1, Math.floor(room / (LEGEND_ICON + LEGEND_CHAR * longest)));
  return { rows: Math.max(1, Math.ceil(names.length / perRow)), gap: Math.round(1.5 * longest) };
}

function legendOption(names: readonly string[], width: number) {
  // The gap as trailing spaces (about 3 px each) in each name's text: itemGap would part the rows as much, and ECharts lays items out without their text's padding.
  const spaces = ' '.repeat(Math.ceil(modelLegend(names, width).gap / 3));
  return { bottom: 0, left: 8, right: 8, type: 'plain' as const, data: [...names], formatter: (name: string) => name + spaces };
}

/** Fig. 3: JointSucc per scenario, one bar per model. At `width` its legend wraps onto rows (modelLegend), every model in sight in an exported figure. */
export function scenarioChart(report: ReportModel, width = 960): EChartsOption {
  const legend = modelLegend(report.models, width).rows * LEGEND_ROW;
  return {
    animation: false,
    textStyle: TEXT,
    title: { text: 'JointSucc by scenario (%)', left: 'center', textStyle: { fontSize: 14 } },
    legend: legendOption(report.models, width),
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (params) => {
        const bars = params as unknown as { axisValueLabel: string; marker: string; seriesName: string; data: { value: number; noRuns?: boolean } }[];
        const lines = bars.map((b) => `${b.marker}${asHtmlText(b.seriesName)}: ${b.data.noRuns ? 'no runs' : `${fmt(b.data.value)} %`}`);
        return [asHtmlText(bars[0]?.axisValueLabel ?? ''), ...lines].join('<br/>');
      },
    },
    grid: { left: 48, right: 16, top: 40, bottom: legend + 34 },
    xAxis: { type: 'category', data: report.scenarios },
    yAxis: { type: 'value', name: '%', min: 0, max: 100 },
    series: report.scenarioJoint.map((r) => ({
      type: 'bar',
      name: r.model,
      itemStyle: barStyle(report, r.model),
      // A stratum without runs has no bar but a "–" where it would stand, as in the table: a 0 has neither.
      data: report.scenarios.map((s) => {
        const value = r.values[s];
        return value === null ? { value: 0, noRuns: true, label: { show: true, position: 'top' as const, formatter: '–', color: '#555' } } : { value };
      }),
    })),
  };
}

/** Fig. 4: the label shares per model, automatic labels and with human overrides side by side. */
export function errorsChart(report: ReportModel): EChartsOption {
  const labels = modelLabels(report.models);
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
    // Every name drawn (interval 0: the chart is as tall as its models need, errorsChartHeight).
    yAxis: panels.map((_, i) => ({ type: 'category', gridIndex: i, data: report.models, inverse: true, axisLabel: { show: true, interval: 0, formatter: (model: string) => labels.get(model) ?? model } })),
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

/** Characters of a model's name beside the error bars (about 170 px); the legend and tables have them whole. */
const MODEL_LABEL_CHARS = 24;

/**
 * Names beside the error bars, a longer one cut in the middle ("org-00/very…ruct-2025-07"): names
 * of one family differ at the end, which an ellipsis there took away. Names whose cuts would
 * read alike are given whole, so every label names one model.
 */
export function modelLabels(models: readonly string[], chars = MODEL_LABEL_CHARS): Map<string, string> {
  const tail = Math.ceil((chars - 1) / 2) + 1;
  const head = chars - 1 - tail;
  const cut = (name: string) => ([...name].length <= chars ? name : `${[...name].slice(0, head).join('')}…${[...name].slice(-tail).join('')}`);
  const counts = new Map<string, number>();
  for (const model of models) counts.set(cut(model), (counts.get(cut(model)) ?? 0) + 1);
  return new Map(models.map((model) => [model, counts.get(cut(model))! > 1 ? model : cut(model)]));
}

/** Fig. 4's height: at least `base`, and room for every model's pair of bars. */
export function errorsChartHeight(report: ReportModel, base: number): number {
  return Math.max(base, 90 + 56 * report.models.length);
}

/** 150000 as "150k", 2500000 as "2.5M": tick labels of a token axis that fit side by side. */
export function compactNumber(value: number): string {
  if (Math.abs(value) < 1e4) return String(+value.toFixed(2));
  // The unit after rounding: 999,999 is "1M", not "1000k".
  const thousands = Math.round(value / 1e3);
  return Math.abs(thousands) < 1000 ? `${thousands}k` : `${+(value / 1e6).toFixed(1)}M`;
}

/** Fig. 5: tokens, rounds and calls per trajectory against JointSucc, per model and mode. */
export function efficiencyScatter(report: ReportModel, width = 960): EChartsOption {
  const legend = modelLegend(report.models, width).rows * LEGEND_ROW;
  const panelWidth = 27;
  const left = (i: number) => `${6 + i * (panelWidth + 5.5)}%`;
  const byModel = groupBy(report.scatter, (p) => p.model);
  return {
    animation: false,
    textStyle: TEXT,
    title: [
      // Short, so that a panel's title fits its third of a narrow window (the axis names say "per trajectory").
      ...SCATTER_AXES.map((a, i) => ({ text: `${a.short} vs JointSucc (%)`, left: left(i), top: 4, textStyle: { fontSize: 13 } })),
      // The mode key on a line of its own, above the models' legend (which wraps onto as many rows as it needs).
      { text: '● Dynamic Easy   ▲ Dynamic Hard   ■ Static   ◇ Overall', left: 'center', bottom: legend + 2, textStyle: { fontSize: 11, fontWeight: 'normal' as const, color: '#555' } },
    ],
    legend: legendOption(report.models, width),
    tooltip: {
      trigger: 'item',
      formatter: (params) => {
        const p = (params as unknown as { data: { point: ScatterPoint; axis: string } }).data;
        const axis = SCATTER_AXES.find((a) => a.key === p.axis)!;
        const x = p.point[axis.key];
        return `<b>${asHtmlText(p.point.model)}</b> · ${asHtmlText(modeName(p.point.mode))}<br/>${axis.title}: ${fmt(x, axis.key === 'tokens' ? 0 : 2)}<br/>JointSucc: ${fmt(p.point.joint_succ)} %`;
      },
    },
    grid: SCATTER_AXES.map((_, i) => ({ left: left(i), width: `${panelWidth}%`, top: 40, bottom: legend + 62 })),
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
        itemStyle: pointStyle(report, model),
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

export type ChartName = 'scenarios' | 'errors' | 'efficiency';

/**
 * A chart of the report at `width`, and the height that holds it: `base` for few models, taller
 * by its legend's extra rows (Fig. 3, 5) or by a pair of bars per model (Fig. 4). The studio and
 * `egostudio report` size their figures alike.
 */
export function sizedChart(name: ChartName, report: ReportModel, width: number, base: number): { option: EChartsOption; height: number } {
  if (name === 'errors') return { option: errorsChart(report), height: errorsChartHeight(report, base) };
  const height = base + (modelLegend(report.models, width).rows - 1) * LEGEND_ROW;
  return { option: name === 'scenarios' ? scenarioChart(report, width) : efficiencyScatter(report, width), height };
}

/** The report's charts by file stem. */
export function reportCharts(report: ReportModel, width = 960): Record<ChartName, EChartsOption> {
  return { scenarios: scenarioChart(report, width), errors: errorsChart(report), efficiency: efficiencyScatter(report, width) };
}
