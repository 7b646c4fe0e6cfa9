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

/** A row's cells as text, its name (the first) followed by its mark as the screen shows it there: "m1 (partial)". */
function rowTexts(table: ReportTable, row: Cell[], r: number, empty?: string): string[] {
  const mark = table.rowMarks?.[r];
  return row.map((c, i) => (i === 0 && mark ? `${formatCell(c, table.digits, empty)} (${mark.mark})` : formatCell(c, table.digits, empty)));
}

/**
 * RFC 4180 CSV with a header row; numbers to 15 significant digits (csvNumber), empty for missing figures; no text cell a formula.
 * A table with row marks gets a last column, Mark, holding each mark with its reason: the names stay the
 * names a spreadsheet joins on, and every other column keeps its place and its numbers (a note as a row
 * of its own would be read as one more model).
 */
export function tableToCsv(table: ReportTable): string {
  const marks = table.rowMarks;
  const header = marks ? [...flatColumns(table), 'Mark'] : flatColumns(table);
  const cells = (row: Cell[], r: number) => {
    const values = row.map((c) => (c === null ? '' : typeof c === 'number' ? csvNumber(c) : csvText(c)));
    const mark = marks?.[r];
    return marks ? [...values, mark ? csvText(`${mark.mark}: ${mark.reason}`) : ''] : values;
  };
  const lines = [header.map(csvText), ...table.rows.map(cells)];
  return lines.map((line) => line.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/**
 * Text as Markdown (a cell, a table's note): model and mode names come from datasets, so the characters that make
 * markup (HTML tags and entities, emphasis, code, links, strikethrough, table pipes) are
 * backslash-escaped, which CommonMark allows for any ASCII punctuation.
 */
export function markdownText(text: string): string {
  return text.replace(/[\\`*_[\]<>|~&]/g, '\\$&').replace(/[\r\n]+/g, ' ');
}

/** A GitHub-flavoured Markdown table; text columns left-aligned, numbers right-aligned; a row's mark by its name. */
export function tableToMarkdown(table: ReportTable): string {
  const columns = flatColumns(table);
  const numeric = columns.map((_, i) => table.rows.some((r) => typeof r[i] === 'number'));
  const lines = [
    `| ${columns.map(markdownText).join(' | ')} |`,
    `| ${numeric.map((n) => (n ? '---:' : ':---')).join(' | ')} |`,
    ...table.rows.map((row, r) => `| ${rowTexts(table, row, r).map(markdownText).join(' | ')} |`),
  ];
  return lines.join('\n') + '\n';
}

/** The table under its title as a heading, its note below it: the CLI's `.md` file and Reports' Copy Markdown. */
export function tableToMarkdownSection(table: ReportTable): string {
  return `## ${markdownText(table.title)}\n\n${tableToMarkdown(table)}${table.note ? `\n${markdownText(table.note)}\n` : ''}`;
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
  table.rows.forEach((row, r) => out.push(`${rowTexts(table, row, r, '--').map(latexText).join(' & ')} \\\\`));
  out.push('\\bottomrule', '\\end{tabular}');
  // The note under the tabular, inside the float, so it travels with the table.
  if (table.note) out.push('\\par\\smallskip', `{\\footnotesize ${latexText(table.note)}\\par}`);
  out.push('\\end{table}');
  return out.join('\n') + '\n';
}
