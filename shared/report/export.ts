// Table exporters: CSV (15 significant digits, for further processing), Markdown and LaTeX
// (rounded to the table's digits, for papers and notes).
import { flatColumns, type Cell, type ReportTable } from './build';

export function formatCell(cell: Cell, digits: number, empty = '–'): string {
  if (cell === null) return empty;
  return typeof cell === 'number' ? cell.toFixed(digits) : cell;
}

function csvField(text: string): string {
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Where a spreadsheet would read a text cell as a formula: = + - @, or a tab or carriage return first. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Dataset text (model names, ...) that a spreadsheet would run as a formula gets a leading ' (OWASP's advice against CSV injection). */
function csvText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * A figure to 15 significant digits, as many as any decimal keeps through a double (C's DBL_DIG):
 * the binary noise of its arithmetic goes (10, not 10.000000000000002). Figures that differ only
 * past the 15th digit read alike; counts up to 10^15 stay exact.
 */
export const csvNumber = (value: number): string => String(Number(value.toPrecision(15)));

/** RFC 4180 CSV with a header row; numbers to 15 significant digits (csvNumber), empty for missing figures; no text cell a formula. */
export function tableToCsv(table: ReportTable): string {
  const lines = [flatColumns(table).map(csvText), ...table.rows.map((row) => row.map((c) => (c === null ? '' : typeof c === 'number' ? csvNumber(c) : csvText(c))))];
  return lines.map((cells) => cells.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/**
 * Text as Markdown (a cell, a table's note): model and mode names come from datasets, so the characters that make
 * markup (HTML tags and entities, emphasis, code, links, strikethrough, table pipes) are
 * backslash-escaped, which CommonMark allows for any ASCII punctuation.
 */
export function markdownText(text: string): string {
  return text.replace(/[\\`*_[\]<>|~&]/g, '\\$&').replace(/[\r\n]+/g, ' ');
}

/** A GitHub-flavoured Markdown table; text columns left-aligned, numbers right-aligned. */
export function tableToMarkdown(table: ReportTable): string {
  const columns = flatColumns(table);
  const numeric = columns.map((_, i) => table.rows.some((r) => typeof r[i] === 'number'));
  const lines = [
    `| ${columns.map(markdownText).join(' | ')} |`,
    `| ${numeric.map((n) => (n ? '---:' : ':---')).join(' | ')} |`,
    ...table.rows.map((row) => `| ${row.map((c) => markdownText(formatCell(c, table.digits))).join(' | ')} |`),
  ];
  return lines.join('\n') + '\n';
}

const LATEX_SPECIALS: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '&': '\\&',
  '%': '\\%',
  $: '\\$',
  '#': '\\#',
  _: '\\_',
  '{': '\\{',
  '}': '\\}',
  '~': '\\textasciitilde{}',
  '^': '\\textasciicircum{}',
  // In LaTeX's default font encoding (OT1) these print as an em dash and as ¡ and ¿.
  '|': '\\textbar{}',
  '<': '\\textless{}',
  '>': '\\textgreater{}',
};

export function latexText(text: string): string {
  // A line break in a name (a blank line ends a paragraph, an error inside a tabular) is a space, as in Markdown.
  return [...text.replace(/[\\&%$#_{}~^|<>]/g, (c) => LATEX_SPECIALS[c]).replace(/[\r\n\f\v\u0085\u2028\u2029]+/g, ' ')]
    .filter((c) => !isControl(c))
    .join('');
}

/** C0 controls but the tab (the line breaks are spaces by now), and DEL: TeX stops on some of them. */
function isControl(c: string): boolean {
  const code = c.charCodeAt(0);
  return (code < 0x20 && c !== '\t') || code === 0x7f;
}

/** A booktabs tabular inside a table float; grouped headers become \multicolumn with \cmidrule. */
export function tableToLatex(table: ReportTable, label = `tab:${table.id}`): string {
  const numeric = table.header.map((_, i) => table.rows.some((r) => typeof r[i] === 'number'));
  const out: string[] = [
    '% requires \\usepackage{booktabs}',
    '\\begin{table}[t]',
    '\\centering',
    `\\caption{${latexText(table.title)}}`,
    `\\label{${label}}`,
    `\\begin{tabular}{${numeric.map((n) => (n ? 'r' : 'l')).join('')}}`,
    '\\toprule',
  ];
  if (table.groups) {
    let column = 1;
    const cells: string[] = [];
    const rules: string[] = [];
    for (const g of table.groups) {
      cells.push(g.span === 1 ? latexText(g.label) : `\\multicolumn{${g.span}}{c}{${latexText(g.label)}}`);
      if (g.label) rules.push(`\\cmidrule(lr){${column}-${column + g.span - 1}}`);
      column += g.span;
    }
    out.push(`${cells.join(' & ')} \\\\`);
    if (rules.length) out.push(rules.join(' '));
  }
  out.push(`${table.header.map(latexText).join(' & ')} \\\\`, '\\midrule');
  for (const row of table.rows) out.push(`${row.map((c) => latexText(formatCell(c, table.digits, '--'))).join(' & ')} \\\\`);
  out.push('\\bottomrule', '\\end{tabular}', '\\end{table}');
  return out.join('\n') + '\n';
}
