// A report table as HTML, with its exports: copy as Markdown or LaTeX, save as CSV.
import { flatColumns, type ReportTable } from '../../../../shared/report/build';
import { formatCell, tableToCsv, tableToLatex, tableToMarkdownSection } from '../../../../shared/report/export';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { saveText } from './save';

/**
 * Whether the table runs past the right edge of its box where it is scrolled to: at 1280 px the
 * main table's Static and Overall columns were out of sight, with nothing saying so.
 */
function useMoreToTheRight(box: RefObject<HTMLElement | null>): boolean {
  const [more, setMore] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setMore(element.scrollLeft + element.clientWidth < element.scrollWidth - 2);
    measure();
    const resized = new ResizeObserver(measure);
    resized.observe(element);
    element.addEventListener('scroll', measure, { passive: true });
    return () => {
      resized.disconnect();
      element.removeEventListener('scroll', measure);
    };
  }, [box]);
  return more;
}

export interface TableActions {
  copy(what: string, text: string): void;
  fileStem: string;
}

export function ReportTableView({ table, actions, testId }: { table: ReportTable; actions: TableActions; testId?: string }) {
  const columns = flatColumns(table);
  const numeric = columns.map((_, i) => table.rows.some((r) => typeof r[i] === 'number'));
  const scroller = useRef<HTMLDivElement>(null);
  const more = useMoreToTheRight(scroller);
  return (
    <figure className="report-table" data-testid={testId}>
      <figcaption>
        <span className="report-table-title">{table.title}</span>
        {more && (
          <span className="report-more muted" data-testid={testId ? `${testId}-more` : undefined}>
            more columns to the right: scroll sideways →
          </span>
        )}
        <span className="report-actions">
          <button type="button" onClick={() => actions.copy(`${table.title} as Markdown`, tableToMarkdownSection(table))} data-testid={`copy-${table.id}-markdown`}>
            Copy Markdown
          </button>
          <button type="button" onClick={() => actions.copy(`${table.title} as LaTeX`, tableToLatex(table))} data-testid={`copy-${table.id}-latex`}>
            Copy LaTeX
          </button>
          <button type="button" onClick={() => saveText(`${actions.fileStem}-${table.id}.csv`, tableToCsv(table), 'text/csv')} data-testid={`export-${table.id}-csv`}>
            CSV
          </button>
        </span>
      </figcaption>
      {/* Focusable so a keyboard can scroll a table wider than the page. */}
      <div className={more ? 'report-table-scroll more' : 'report-table-scroll'} ref={scroller} tabIndex={0} role="region" aria-label={`${table.title} (scrolls sideways)`}>
        <table>
          <thead>
            {table.groups && (
              <tr className="report-groups">
                {table.groups.map((g, i) => (
                  <th key={i} colSpan={g.span} scope="colgroup">
                    {g.label}
                  </th>
                ))}
              </tr>
            )}
            <tr>
              {table.header.map((h, i) => (
                <th key={i} scope="col" className={numeric[i] ? 'num' : undefined} title={columns[i]}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, r) => (
              <tr key={r}>
                {row.map((c, i) =>
                  i === 0 ? (
                    <th key={i} scope="row">
                      {formatCell(c, table.digits)}
                      {table.rowMarks?.[r] && (
                        <span className="report-row-mark" title={table.rowMarks[r].reason} data-testid="report-row-mark">
                          {table.rowMarks[r].mark}
                        </span>
                      )}
                    </th>
                  ) : (
                    <td key={i} className={numeric[i] ? 'num' : undefined} data-column={columns[i]} title={typeof c === 'number' ? String(c) : undefined}>
                      {formatCell(c, table.digits)}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {table.note && <p className="report-note">{table.note}</p>}
    </figure>
  );
}
