// The report's tables and figures: the paper's main table, scenario breakdown (Fig. 3), error
// distribution with and without human overrides (Fig. 4) and efficiency (Table 11, Fig. 5).
import { useMemo } from 'react';
import type { ReportModel } from '../../../../shared/report/build';
import { reportCharts } from '../../../../shared/report/charts';
import { ReportChart } from './ReportChart';
import { ReportTableView, type TableActions } from './ReportTableView';
import { copyText } from './save';
import type { NoticeKind } from './useNotice';

export function ReportSections({ report, fileStem, say }: { report: ReportModel; fileStem: string; say(text: string, kind: NoticeKind): void }) {
  const charts = useMemo(() => reportCharts(report), [report]);
  const actions: TableActions = useMemo(
    () => ({
      fileStem,
      copy: (what, text) =>
        void copyText(text).then(
          () => say(`Copied ${what}.`, 'ok'),
          (error) => say(`Could not copy ${what}: ${(error as Error).message}`, 'error'),
        ),
    }),
    [fileStem, say],
  );

  return (
    <>
      <section className="report-section">
        <h2>Main results</h2>
        <ReportTableView table={report.tables.main} actions={actions} testId="report-table" />
        <ReportTableView table={report.tables.coverage} actions={actions} testId="report-coverage" />
      </section>

      <section className="report-section" data-testid="report-scenarios">
        <h2>Scenarios</h2>
        <ReportChart option={charts.scenarios} height={340} fileName={`${fileStem}-scenarios`} testId="report-scenarios-chart" title="JointSucc by scenario" />
        <ReportTableView table={report.tables.scenarios} actions={actions} />
      </section>

      <section className="report-section">
        <h2>Error distribution</h2>
        <ReportChart option={charts.errors} height={Math.max(260, 90 + 56 * report.models.length)} fileName={`${fileStem}-errors`} testId="report-errors-chart" title="Labels per model: automatic and with human overrides" />
        <ReportTableView table={report.tables.errors} actions={actions} />
      </section>

      <section className="report-section" data-testid="report-efficiency">
        <h2>Efficiency</h2>
        <ReportTableView table={report.tables.efficiency} actions={actions} />
        <ReportChart option={charts.efficiency} height={380} fileName={`${fileStem}-efficiency`} testId="report-efficiency-chart" title="Tokens, rounds and calls per trajectory against JointSucc" />
      </section>
    </>
  );
}
