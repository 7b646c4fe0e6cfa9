// shared/report: tables taken from the evaluation's figures, overrides recomputed by SPEC §10,
// scatter data, exporters and chart specs.
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import type { Figures } from '../eval/aggregate';
import { buildReport, flatColumns, type ReportTable } from './build';
import type { EChartsOption } from 'echarts';
import { compactNumber, efficiencyScatter, modelLabels, reportCharts, scenarioChart, sizedChart } from './charts';
import { latexText, markdownText, tableToCsv, tableToLatex, tableToMarkdown, tableToMarkdownSection } from './export';
import { NOT_UTF8_MARK, tooLongLine } from '../format/jsonl';
import { parseReviews } from './reviews';
import { renderChartSvg } from './svg';
import type { EvaluationRun } from './types';

const LABELS = ['correct', 'syntactic', 'perception', 'hallucination', 'logic', 'over_operation'];

function traj(id: string, model: string, mode: string, scenario: string, label: string, calls = 2) {
  const ok = label === 'correct';
  return {
    id, task_id: `t-${id}`, model, mode, scenario, matched: ok ? 2 : 1, gt_calls: 2, agent_calls: calls,
    tool_succ: ok, result_succ: ok, joint_succ: ok, label: label as 'correct', evidence: null,
  };
}

function figures(joint: number, labels: Record<string, number>): Figures {
  return {
    tool_succ: joint, micro_acc: 0.75, result_succ: joint, joint_succ: joint, tool_prec: 0.5, tool_f1: 0.6,
    tool_eff: 10, turn_eff: 20, token_eff: 30, labels: Object.fromEntries(LABELS.map((l) => [l, labels[l] ?? 0])),
  };
}

/** Model m1: scenario a (weight 3) and b (weight 1), modes dynamic_easy and static. */
function sampleRun(): EvaluationRun {
  const trajectories = [
    traj('1', 'm1', 'dynamic_easy', 'a', 'correct'),
    traj('2', 'm1', 'dynamic_easy', 'a', 'logic'),
    traj('3', 'm1', 'dynamic_easy', 'b', 'perception', 4),
    traj('4', 'm1', 'static', 'a', 'correct'),
    traj('5', 'm2', 'static', 'a', 'syntactic', 0),
  ];
  return {
    trajectories,
    models: {
      m1: {
        overall: figures(0.6875, { correct: 0.6875, logic: 0.1875, perception: 0.125 }),
        modes: { static: figures(1, { correct: 1 }), dynamic_easy: figures(0.375, { correct: 0.375, logic: 0.375, perception: 0.25 }) },
        scenarios: { a: figures(0.75, {}), b: figures(0, {}) },
      },
      m2: { overall: figures(0, { syntactic: 1 }), modes: { static: figures(0, { syntactic: 1 }) }, scenarios: { a: figures(0, {}) } },
    },
    problems: [],
    task_counts: { a: 3, b: 1 },
    usage: { '1': { rounds: 2, tokens: 1000 }, '2': { rounds: 4, tokens: 3000 }, '3': { rounds: 1, tokens: 500 }, '4': { rounds: 1, tokens: 200 }, '5': { rounds: 1, tokens: 100 } },
  };
}

const cell = (table: ReportTable, row: number, column: string) => table.rows[row][flatColumns(table).indexOf(column)];

describe('buildReport', () => {
  it('takes the main table from report.models, in percent, modes in the paper order', () => {
    const report = buildReport(sampleRun());
    expect(report.models).toEqual(['m1', 'm2']);
    expect(report.modes).toEqual(['dynamic_easy', 'static']);
    const main = report.tables.main;
    expect(main.groups?.map((g) => g.label)).toEqual(['', 'Dynamic Easy', 'Static', 'Overall']);
    expect(cell(main, 0, 'Dynamic Easy JointSucc')).toBe(37.5);
    expect(cell(main, 0, 'Overall JointSucc')).toBe(68.75);
    expect(cell(main, 0, 'Static MicroAcc')).toBe(75);
    expect(cell(main, 1, 'Dynamic Easy JointSucc')).toBeNull(); // m2 has no dynamic_easy run
  });

  it('counts the runs each model and mode are over, against the tasks', () => {
    const coverage = buildReport(sampleRun()).tables.coverage;
    expect(coverage.header).toEqual(['Model', 'Dynamic Easy', 'Static', 'All']);
    expect(coverage.rows).toEqual([
      ['m1', 3, 1, 4],
      ['m2', 0, 1, 1],
    ]);
    expect(coverage.note).toBe('Of 4 task(s) per mode. A run left out for a problem in its line is not counted.');
    expect(tableToMarkdown(coverage)).toContain('| m2 | 0 | 1 | 1 |');
  });

  it('marks a model whose runs miss tasks in some mode, and says which, in the main table', () => {
    const main = buildReport(sampleRun()).tables.main;
    // 4 tasks: m1 ran 3 in Dynamic Easy and 1 in Static; m2 none and 1.
    expect(main.rowMarks).toEqual([
      { mark: 'partial', reason: 'Runs do not cover every task: Dynamic Easy 3 of 4 tasks, Static 1 of 4 tasks' },
      { mark: 'partial', reason: 'Runs do not cover every task: Dynamic Easy none, Static 1 of 4 tasks' },
    ]);
    expect(main.note).toContain('Partial: m1 (Dynamic Easy 3 of 4 tasks, Static 1 of 4 tasks); m2 (Dynamic Easy none, Static 1 of 4 tasks).');
    // Two runs of one task count it once; a model that ran every task in every mode has no mark.
    const run = sampleRun();
    run.task_counts = { a: 1 };
    delete run.models.m1.modes.dynamic_easy;
    run.trajectories = [traj('1', 'm1', 'static', 'a', 'correct'), traj('1', 'm2', 'static', 'a', 'logic'), { ...traj('2', 'm2', 'static', 'a', 'logic'), task_id: 't-1' }];
    const full = buildReport(run).tables.main;
    expect(full.rowMarks).toBeUndefined();
    expect(full.note).toBe('Modes weight scenarios by their task counts; Overall is the mean of the modes (SPEC §10).');
  });

  it('scenario breakdown and the mean over models', () => {
    const report = buildReport(sampleRun());
    expect(report.tables.scenarios.rows).toEqual([
      ['m1', 75, 0],
      ['m2', 0, null],
      ['Mean over models', 37.5, 0],
    ]);
    // Both models miss tasks: their rows are marked, and the note says the mean is over partial ones.
    expect(report.tables.scenarios.rowMarks?.map((m) => m?.mark ?? null)).toEqual(['partial', 'partial', null]);
    expect(report.tables.scenarios.note).toBe("A scenario's figure is the mean over its modes. The mean over models includes m1, m2, whose runs do not cover every task.");
  });

  it('recomputes label shares with overrides by SPEC §10 weights; without overrides they are the same rows', () => {
    const run = sampleRun();
    // Make the automatic shares the aggregate of the rows, so "no override" must reproduce them.
    const plain = buildReport(run);
    expect(plain.errors[0].reviewed).toEqual({ correct: 68.75, syntactic: 0, perception: 12.5, hallucination: 0, logic: 18.75, over_operation: 0 });
    const { overrides } = parseReviews([
      { path: 'reviews/ann.jsonl', text: JSON.stringify({ trajectory_id: '3', label: 'logic', auto_label: 'perception', reason: 'r', reviewer: 'ann', updated_at: '2026-01-01T10:00:00Z' }) + '\n' },
    ]);
    const reviewed = buildReport(run, overrides);
    // dynamic_easy: a (w 3): correct 1/2, logic 1/2; b (w 1): logic 1 -> logic 0.625, correct 0.375; static: correct 1.
    expect(reviewed.errors[0].reviewed.logic).toBeCloseTo(31.25, 10);
    expect(reviewed.errors[0].reviewed.perception).toBe(0);
    expect(reviewed.errors[0].auto.perception).toBe(12.5);
    // Each run with both labels: the reviewed one with its reviewer and reason, the others without.
    expect(reviewed.runs.rows.find((r) => r[0] === '3')).toEqual(['3', 't-3', 'm1', 'dynamic_easy', 'b', 1, 2, 4, 0, 0, 0, 'perception', 'logic', 'ann', 'r']);
    expect(reviewed.runs.rows.find((r) => r[0] === '1')).toEqual(['1', 't-1', 'm1', 'dynamic_easy', 'a', 2, 2, 2, 1, 1, 1, 'correct', null, null, null]);
    expect(tableToCsv(reviewed.runs).split('\r\n')[0]).toBe('Trajectory,Task,Model,Mode,Scenario,Matched,GT calls,Agent calls,ToolSucc,ResultSucc,JointSucc,Label,Human label,Reviewer,Review reason');
    expect(reviewed.errors[0].overridden).toBe(1);
    expect(reviewed.overrides).toEqual({ applied: 1, unknownTrajectory: 0, unknownLabel: 0, stale: 0 });
    expect(reviewed.tables.errors.rows[1]).toEqual(['m1', 'with overrides', 37.5 / 2 + 50, 0, 0, 0, 31.25, 0]);
  });

  it('names a review line the host read as not UTF-8, and reads the rest', () => {
    const good = JSON.stringify({ trajectory_id: '3', label: 'logic', updated_at: '2026-01-01T10:00:00Z' });
    const { overrides, problems } = parseReviews([{ path: 'reviews/ann.jsonl', text: `${NOT_UTF8_MARK}{"trajectory_id":"1","reason":"caf\uFFFD"}\n${good}\n` }]);
    expect([...overrides.keys()]).toEqual(['3']);
    expect(problems).toEqual([{ file: 'reviews/ann.jsonl', line: 1, message: 'not UTF-8 (every file is, SPEC §1): bytes of this line are not; skipped' }]);
  });

  it('names a review line the host left out as too long to read, at its number, and reads the rest', () => {
    const good = JSON.stringify({ trajectory_id: '3', label: 'logic', updated_at: '2026-01-01T10:00:00Z' });
    const { overrides, problems } = parseReviews([{ path: 'reviews/ann.jsonl', text: `${good}\n${tooLongLine(20_000_000, 16_777_216)}\n` }]);
    expect([...overrides.keys()]).toEqual(['3']);
    expect(problems).toEqual([{ file: 'reviews/ann.jsonl', line: 2, message: 'line of 20,000,000 characters, past the limit of 16,777,216; skipped' }]);
  });

  it('reports overrides of unknown trajectories and labels and leaves them out', () => {
    const { overrides } = parseReviews([
      {
        path: 'reviews/b.jsonl',
        text: [
          { trajectory_id: 'nope', label: 'logic', updated_at: '2026-01-01' },
          { trajectory_id: '1', label: 'bogus', updated_at: '2026-01-01' },
        ].map((r) => JSON.stringify(r)).join('\n'),
      },
    ]);
    const report = buildReport(sampleRun(), overrides);
    expect(report.overrides).toMatchObject({ applied: 0, unknownTrajectory: 1, unknownLabel: 1 });
    expect(report.problems).toEqual([{ file: 'reviews/b.jsonl', line: 2, message: expect.stringContaining('"bogus"') }]);
  });

  it('scatter: usage per trajectory weighted like SPEC §10, JointSucc from the figures', () => {
    const report = buildReport(sampleRun());
    const easy = report.scatter.find((p) => p.model === 'm1' && p.mode === 'dynamic_easy')!;
    // a: mean tokens 2000, rounds 3, calls 2 (weight 3); b: 500, 1, 4 (weight 1).
    expect(easy).toEqual({ model: 'm1', mode: 'dynamic_easy', tokens: (3 * 2000 + 500) / 4, rounds: (3 * 3 + 1) / 4, calls: (3 * 2 + 4) / 4, joint_succ: 37.5 });
    const overall = report.scatter.find((p) => p.model === 'm1' && p.mode === 'overall')!;
    expect(overall.tokens).toBe(((3 * 2000 + 500) / 4 + 200) / 2);
    expect(overall.joint_succ).toBe(68.75);
    expect(report.scatter.filter((p) => p.model === 'm2').map((p) => p.mode)).toEqual(['static', 'overall']);
  });

  it('scatter without usage data has calls but no tokens or rounds', () => {
    const report = buildReport({ ...sampleRun(), usage: {} });
    const p = report.scatter.find((s) => s.model === 'm2' && s.mode === 'static')!;
    expect(p).toMatchObject({ tokens: null, rounds: null, calls: 0 });
  });

  it('scatter: runs without token counts (0, as SPEC §10 counts them missing) have no token point, where TokenEff is null', () => {
    const run = sampleRun();
    // m2 reported no tokens; m1 none in scenario b, so its Dynamic Easy mean is scenario a's alone.
    run.usage = { ...run.usage, '3': { rounds: 1, tokens: 0 }, '5': { rounds: 1, tokens: 0 } };
    const report = buildReport(run);
    expect(report.scatter.filter((p) => p.model === 'm2').map((p) => p.tokens)).toEqual([null, null]);
    expect(report.scatter.find((p) => p.model === 'm1' && p.mode === 'dynamic_easy')!.tokens).toBe(2000);
    expect(report.scatter.find((p) => p.model === 'm2' && p.mode === 'static')!.rounds).toBe(1);
  });
});

describe('parseReviews', () => {
  it('keeps the latest updated_at per trajectory across reviewers and reports bad lines', () => {
    const line = (o: object) => JSON.stringify(o);
    const { overrides, problems } = parseReviews([
      { path: 'reviews/a.jsonl', text: [line({ trajectory_id: 'x', label: 'logic', updated_at: '2026-02-01T00:00:00Z' }), 'not json', ''].join('\n') },
      {
        path: 'reviews/b.jsonl',
        text: [
          line({ trajectory_id: 'x', label: 'perception', updated_at: '2026-01-31T23:00:00-02:00' }), // 2026-02-01T01:00Z: later
          line({ trajectory_id: 'y', label: 'logic', updated_at: 'yesterday' }),
          line({ trajectory_id: 'z' }),
        ].join('\n'),
      },
    ]);
    expect(overrides.get('x')).toMatchObject({ label: 'perception', source: { file: 'reviews/b.jsonl', line: 1 } });
    expect(overrides.has('y')).toBe(false);
    expect(problems.map((p) => [p.file, p.line])).toEqual([
      ['reviews/a.jsonl', 2],
      ['reviews/b.jsonl', 2],
      ['reviews/b.jsonl', 3],
    ]);
  });
});

describe('exporters', () => {
  const table: ReportTable = {
    id: 'main',
    title: 'Scores & more_%',
    header: ['Model', 'A', 'B'],
    groups: [{ label: '', span: 1 }, { label: 'Static', span: 2 }],
    rows: [
      ['gpt|x, "4"', 12.3456, null],
      ['m_2', 0, 100],
    ],
    digits: 2,
  };

  it('CSV: quoted fields, full precision, empty for null, CRLF', () => {
    expect(tableToCsv(table)).toBe('Model,Static A,Static B\r\n"gpt|x, ""4""",12.3456,\r\nm_2,0,100\r\n');
  });

  it('CSV: figures keep 15 significant digits, without the binary noise of their arithmetic', () => {
    const noisy = { ...table, rows: [['m', 0.1 * 3 * 100, 140 / 3]] as typeof table.rows };
    expect(tableToCsv(noisy)).toBe('Model,Static A,Static B\r\nm,30,46.6666666666667\r\n');
    expect(0.1 * 3 * 100).not.toBe(30); // the noise is there to be removed
  });

  it('CSV: a text cell a spreadsheet would run as a formula starts with a quote; numbers, negative ones too, stay numbers', () => {
    const hostile = { ...table, rows: [['=HYPERLINK("http://x","y")', -1.5, null], ['@cmd', 2, 3], ['-m', 0, 1], ['+1', 0, 1]] as typeof table.rows };
    expect(tableToCsv(hostile)).toBe(`Model,Static A,Static B\r\n"'=HYPERLINK(""http://x"",""y"")",-1.5,\r\n'@cmd,2,3\r\n'-m,0,1\r\n'+1,0,1\r\n`);
  });

  it('Markdown: escaped pipes, rounded numbers, right-aligned numeric columns', () => {
    expect(tableToMarkdown(table)).toBe(
      '| Model | Static A | Static B |\n| :--- | ---: | ---: |\n| gpt\\|x, "4" | 12.35 | – |\n| m\\_2 | 0.00 | 100.00 |\n',
    );
  });

  it('Markdown: a name holding HTML or Markdown markup is written as text', () => {
    const hostile = { ...table, rows: [['<img src=x onerror=alert(1)>', 1, 2], ['**[click](javascript:x)** `a` ~b~ &amp; \\', 0, 1]] as typeof table.rows };
    const lines = tableToMarkdown(hostile).split('\n');
    expect(lines[2]).toBe('| \\<img src=x onerror=alert(1)\\> | 1.00 | 2.00 |');
    expect(lines[3]).toBe('| \\*\\*\\[click\\](javascript:x)\\*\\* \\`a\\` \\~b\\~ \\&amp; \\\\ | 0.00 | 1.00 |');
  });

  it('LaTeX: booktabs, grouped header, escaped specials', () => {
    const tex = tableToLatex(table);
    expect(tex).toContain('\\caption{Scores \\& more\\_\\%}');
    expect(tex).toContain('\\begin{tabular}{lrr}');
    expect(tex).toContain(' & \\multicolumn{2}{c}{Static} \\\\');
    expect(tex).toContain('\\cmidrule(lr){2-3}');
    expect(tex).toContain('m\\_2 & 0.00 & 100.00 \\\\');
    expect(tex).toContain('gpt\\textbar{}x, "4" & 12.35 & -- \\\\');
    // Printed as they are written whatever the font encoding (OT1 makes | an em dash, < and > ¡ and ¿).
    expect(tableToLatex({ ...table, rows: [['a<b>c', 1, 2]] as typeof table.rows })).toContain('a\\textless{}b\\textgreater{}c & 1.00');
    expect(tex.trim().endsWith('\\end{table}')).toBe(true);
    // A line break in a model's name (a blank line would end a paragraph inside the tabular) is a space.
    const named = tableToLatex({ ...table, rows: [['evil\n\nmodel', 1, 2]] as typeof table.rows });
    expect(named).toContain('evil model & 1.00 & 2.00 \\\\');
    // A form feed (\\par to TeX) is a space too; other control characters are dropped.
    expect(tableToLatex({ ...table, rows: [['a\fb\u007fc\u0001', 1, 2]] as typeof table.rows })).toContain('a bc & 1.00');
    expect(tableToMarkdown({ ...table, rows: [['a\rb', 1, 2]] as typeof table.rows })).toContain('| a b |');
  });
});

/**
 * What an XML parser finds wrong with a document, or null. happy-dom's parser reads no CDATA
 * section (ECharts puts its hover styles in one), so each goes in as the text it stands for.
 */
function xmlError(xml: string): string | null {
  const escaped = xml.replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, (_, text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;'));
  const parsed = new new Window().DOMParser().parseFromString(escaped, 'image/svg+xml');
  return parsed.getElementsByTagName('parsererror').length > 0 ? (parsed.documentElement.textContent ?? 'parsererror') : null;
}

describe('exporters: a partial row and the note', () => {
  const partial = buildReport(sampleRun()).tables.main; // m2 ran no Dynamic Easy task and 1 of 4 Static ones
  const reason = 'Runs do not cover every task: Dynamic Easy none, Static 1 of 4 tasks';

  it('the table marks the partial row, and says why in its note', () => {
    expect(partial.rowMarks).toEqual([{ mark: 'partial', reason: expect.stringContaining('Dynamic Easy 3 of 4 tasks') }, { mark: 'partial', reason }]);
    expect(partial.note).toContain('Partial: m1');
  });

  it('Markdown: the mark by the name, as on screen, and the section under its title with the note below', () => {
    const md = tableToMarkdown(partial).split('\n');
    expect(md[2]).toMatch(/^\| m1 \(partial\) \| 37\.50 \|/);
    expect(md[3]).toMatch(/^\| m2 \(partial\) \| – \|/);
    const section = tableToMarkdownSection(partial);
    expect(section).toBe(`## Performance by mode (%)\n\n${tableToMarkdown(partial)}\n${markdownText(partial.note!)}\n`);
    const complete = { ...partial, rowMarks: undefined, note: undefined };
    expect(tableToMarkdown(complete).split('\n')[2]).toMatch(/^\| m1 \| 37\.50 \|/);
    expect(tableToMarkdownSection(complete)).toBe(`## Performance by mode (%)\n\n${tableToMarkdown(complete)}`);
  });

  it('LaTeX: the mark by the name and the note under the tabular, inside the float', () => {
    const tex = tableToLatex(partial).split('\n');
    expect(tex).toContain('m2 (partial) & -- & -- & -- & -- & 0.00 & 0.00 & 75.00 & 0.00 & 0.00 & 0.00 & 75.00 & 0.00 \\\\');
    const end = tex.indexOf('\\end{tabular}');
    expect(tex.slice(end + 1, end + 4)).toEqual(['\\par\\smallskip', `{\\footnotesize ${latexText(partial.note!)}\\par}`, '\\end{table}']);
    expect(tableToLatex({ ...partial, note: undefined }).split('\n').slice(end + 1, end + 2)).toEqual(['\\end{table}']);
  });

  it('CSV: a last column, Mark, with the reason; the names and every figure stay in their columns', () => {
    const lines = tableToCsv(partial).trimEnd().split('\r\n');
    const header = lines[0].split(',');
    expect(header.at(-1)).toBe('Mark');
    expect(header.slice(0, -1)).toEqual(flatColumns(partial));
    expect(lines[2]).toBe(`m2,,,,,0,0,75,0,0,0,75,0,"partial: ${reason}"`);
    const marked = { ...partial, rowMarks: [null, partial.rowMarks![1]] };
    expect(tableToCsv(marked).split('\r\n')[1]).toMatch(/^m1,37\.5,.*,$/);
  });
});

describe('charts', () => {
  it('writes token ticks short enough to sit side by side', () => {
    expect([0, 2.5, 9999, 150_000, 200_000, 999_499, 999_500, 2_500_000].map(compactNumber)).toEqual(['0', '2.5', '9999', '150k', '200k', '999k', '1M', '2.5M']);
  });

  it("the scatter's tooltip shows a model's name as text, not markup", () => {
    const run = sampleRun();
    const name = '<img src=x onerror=alert(1)>';
    run.trajectories = run.trajectories.map((t) => ({ ...t, model: t.model === 'm1' ? name : t.model }));
    run.models = { [name]: run.models.m1, m2: run.models.m2 };
    const option = reportCharts(buildReport(run)).efficiency;
    const series = (option.series as { name: string; data: unknown[] }[]).find((s) => s.name === name)!;
    const formatter = (option.tooltip as { formatter: (params: unknown) => string }).formatter;
    const html = formatter({ data: series.data[0] });
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img');
  });

  it('a mode or label named like a built-in member (constructor, toString) is shown by its own name in the tables and drawn in the charts', () => {
    const run = sampleRun();
    run.trajectories = run.trajectories.map((t) => ({ ...t, mode: t.mode === 'static' ? 'constructor' : 'toString' }));
    run.models = Object.fromEntries(
      Object.entries(run.models).map(([model, f]) => [model, { ...f, modes: Object.fromEntries(Object.values(f.modes).map((m, i) => [i === 0 ? 'constructor' : 'toString', m])) }]),
    );
    const report = buildReport(run);
    expect(report.modes).toEqual(expect.arrayContaining(['constructor', 'toString']));
    expect(tableToMarkdown(report.tables.main)).toContain('constructor');
    const charts = reportCharts(report);
    const svgs = Object.values(charts).map((option) => renderChartSvg(option, 640, 320)).join('');
    expect(svgs).not.toContain('native code');
    const symbols = (charts.efficiency.series as { data: { symbol?: string }[] }[]).flatMap((s) => s.data.map((d) => d.symbol));
    expect(symbols.every((symbol) => symbol === undefined || typeof symbol === 'string')).toBe(true);
  });

  it('every chart is well-formed XML whatever the models, modes and labels are named (__proto__ polluted every object)', () => {
    const names = ['__proto__', 'constructor', 'hasOwnProperty', 'toString', 'valueOf', 'a&b <c> "d"'];
    const run = sampleRun();
    const m1 = run.trajectories.filter((t) => t.model === 'm1');
    run.trajectories = names.flatMap((model, i) => m1.map((t) => ({ ...t, id: `${i}-${t.id}`, model, mode: t.mode === 'static' ? '__proto__' : 'toString', label: (i % 2 ? 'hasOwnProperty' : t.label) as 'correct' })));
    const figuresOf = (f: Figures) => ({ ...f, labels: { ...f.labels, ['__proto__']: 0.1, hasOwnProperty: 0.2 } });
    const modes = { ['__proto__']: figuresOf(run.models.m1.modes.static), toString: figuresOf(run.models.m1.modes.dynamic_easy) };
    run.models = Object.fromEntries(names.map((model) => [model, { overall: figuresOf(run.models.m1.overall), modes, scenarios: run.models.m1.scenarios }]));
    run.usage = Object.fromEntries(run.trajectories.map((t) => [t.id, { rounds: 2, tokens: 1000 }]));
    const report = buildReport(run);
    expect(report.models).toEqual([...names].sort());
    for (const [name, option] of Object.entries(reportCharts(report))) {
      const svg = renderChartSvg(option, 900, 420);
      expect(xmlError(svg), `${name}.svg`).toBeNull();
      expect(svg).toContain('__proto__');
    }
    expect(Object.keys(Object.prototype)).toEqual([]);
  });

  it('a Tokens panel without token counts draws no point and no 0-to-1 axis', () => {
    const run = sampleRun();
    run.usage = Object.fromEntries(Object.entries(run.usage).map(([id, u]) => [id, { ...u, tokens: 0 }]));
    const option = reportCharts(buildReport(run)).efficiency;
    const series = option.series as { xAxisIndex: number; data: unknown[] }[];
    expect(series.filter((s) => s.xAxisIndex === 0).every((s) => s.data.length === 0)).toBe(true);
    expect(series.filter((s) => s.xAxisIndex === 1).some((s) => s.data.length > 0)).toBe(true);
    const [tokens, rounds] = option.xAxis as { name: string; axisLabel: { show: boolean } }[];
    expect(tokens).toMatchObject({ name: 'Tokens per trajectory: none in the runs', axisLabel: { show: false } });
    expect(rounds).toMatchObject({ name: 'Rounds per trajectory', axisLabel: { show: true } });
  });

  it('at scale every model is in each exported figure: a legend that wraps in a taller chart, told apart past the palette, distinct labels', () => {
    const run = sampleRun();
    const names = Array.from({ length: 24 }, (_, i) => `org-${String(i).padStart(2, '0')}/very-long-model-name-instruct-2025-${String(i).padStart(2, '0')}`);
    run.trajectories = names.flatMap((model, i) => run.trajectories.filter((t) => t.model === 'm1').map((t) => ({ ...t, id: `${i}-${t.id}`, model })));
    run.models = Object.fromEntries(names.map((model) => [model, run.models.m1]));
    run.usage = Object.fromEntries(run.trajectories.map((t) => [t.id, { rounds: 2, tokens: 1000 }]));
    const report = buildReport(run);
    const texts = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1].trim());
    for (const [name, width, base] of [['scenarios', 900, 420], ['efficiency', 1300, 420]] as const) {
      const { option, height } = sizedChart(name, report, width, base);
      expect((option.legend as { type: string }).type).toBe('plain');
      expect(height).toBeGreaterThan(base);
      const drawn = texts(renderChartSvg(option, width, height));
      expect(names.filter((n) => !drawn.includes(n)), name).toEqual([]);
    }
    const errors = sizedChart('errors', report, 1100, 420);
    expect(errors.height).toBe(90 + 56 * 24);
    const labels = modelLabels(names);
    expect(new Set(labels.values()).size).toBe(24);
    expect(labels.get(names[7])).toBe('org-07/ver…truct-2025-07');
    const drawn = texts(renderChartSvg(errors.option, 1100, errors.height));
    expect(names.filter((n) => !drawn.includes(labels.get(n)!))).toEqual([]);
    // Models 0, 10 and 20 share a colour, not a look: a texture on the bars, an outline on the points.
    const series = (option: EChartsOption) => option.series as { name: string; itemStyle: object }[];
    const looks = (option: EChartsOption) => [0, 10, 20].map((i) => JSON.stringify(series(option).find((s) => s.name === names[i])!.itemStyle));
    for (const option of [scenarioChart(report), efficiencyScatter(report)]) expect(new Set(looks(option)).size).toBe(3);
  });

  it('Fig. 3 marks a scenario a model has no runs of with "–" and no bar; a JointSucc of 0 is not marked', () => {
    const report = buildReport(sampleRun()); // m1 scored 0 in scenario b; m2 has no run there
    expect(report.scenarioJoint.map((r) => r.values.b)).toEqual([0, null]);
    const option = scenarioChart(report);
    const svg = renderChartSvg(option, 640, 320);
    expect([...svg.matchAll(/<text[^>]*>–<\/text>/g)]).toHaveLength(1);
    const formatter = (option.tooltip as { formatter: (params: unknown) => string }).formatter;
    const series = option.series as { name: string; data: unknown[] }[];
    const at = (i: number) => series.map((s) => ({ axisValueLabel: 'b', marker: '', seriesName: s.name, data: s.data[i] }));
    expect(formatter(at(1))).toBe('b<br/>m1: 0.00 %<br/>m2: no runs');
  });

  it('builds ECharts options with the report data and renders them to SVG without a DOM', () => {
    const report = buildReport(sampleRun());
    const charts = reportCharts(report);
    const errorSeries = charts.errors.series as { stack: string; name: string; data: (number | null)[] }[];
    expect(errorSeries.filter((s) => s.stack === 'auto').map((s) => s.name)).toEqual([
      'Correct', 'Syntactic', 'Perception', 'Hallucination', 'Logic', 'Over-operation',
    ]);
    expect(errorSeries.find((s) => s.stack === 'reviewed' && s.name === 'Correct')!.data).toEqual([68.75, 0]);
    const scatter = charts.efficiency.series as { name: string; xAxisIndex: number; data: { value: number[] }[] }[];
    expect(scatter.find((s) => s.name === 'm1' && s.xAxisIndex === 2)!.data.map((d) => d.value)).toEqual([
      [2.5, 37.5],
      [2, 100],
      [2.25, 68.75],
    ]);
    for (const option of Object.values(charts)) {
      const svg = renderChartSvg(option, 640, 320);
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg).toContain('m1');
      expect(svg).not.toMatch(/style="[^"]*"[^ >/]/); // attributes stay well-formed
    }
  });
});
