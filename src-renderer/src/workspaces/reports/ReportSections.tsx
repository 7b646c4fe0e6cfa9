// The report's tables and figures: the paper's main table, scenario breakdown (Fig. 3), error
// distribution with and without human overrides (Fig. 4) and efficiency (Table 11, Fig. 5).
import { useCallback, useMemo } from 'react';
import type { ReportModel } from '../../../../shared/report/build';
import { sizedChart } from '../../../../shared/report/charts';
import { ReportChart } from './ReportChart';
import { ReportTableView, type TableActions } from './ReportTableView';
import { copyText } from './save';
import type { NoticeKind } from './useNotice';

export function ReportSections({ report, fileStem, say }: { report: ReportModel; fileStem: string; say(text: string, kind: NoticeKind): void }) {
  const scenarios = useCallback((width: number) => sizedChart('scenarios', report, width, 340), [report]);
  const errors = useCallback((width: number) => sizedChart('errors', report, width, 260), [report]);
  const efficiency = useCallback((width: number) => sizedChart('efficiency', report, width, 380), [report]);
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
        <ReportChart make={scenarios} fileName={`${fileStem}-scenarios`} testId="report-scenarios-chart" title="JointSucc by scenario" />
        <ReportTableView table={report.tables.scenarios} actions={actions} />
      </section>

      <section className="report-section">
        <h2>Error distribution</h2>
        <ReportChart make={errors} fileName={`${fileStem}-errors`} testId="report-errors-chart" title="Labels per model: automatic and with human overrides" />
        <ReportTableView table={report.tables.errors} actions={actions} />
      </section>

      <section className="report-section" data-testid="report-efficiency">
        <h2>Efficiency</h2>
        <ReportTableView table={report.tables.efficiency} actions={actions} />
        <ReportChart make={efficiency} fileName={`${fileStem}-efficiency`} testId="report-efficiency-chart" title="Tokens, rounds and calls per trajectory against JointSucc" />
      </section>
    </>
  );
}
