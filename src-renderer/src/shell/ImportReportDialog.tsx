// After File > Import EgoBench Release...: counts, problems (files left out) and the import lint's
// warnings, each naming its task id.
import { Dialog } from '../components/Dialog';
import { useShellExtras } from './shellExtras';

export function ImportReportDialog() {
  const report = useShellExtras((state) => state.importReport);
  const close = () => useShellExtras.getState().showImportReport(null);
  if (!report) return null;
  const s = report.summary;
  return (
    <Dialog
      open
      onClose={close}
      title="EgoBench release imported"
      className="import-report"
      testId="import-report"
      description={
        <span className="mono">
          {report.release} → {report.out}
        </span>
      }
    >
      <p>
        {s.tasks} task(s) in {s.scenarios} scenario(s), {s.trajectories} trajectories
        {s.models.length > 0 ? ` (${s.models.join(', ')}; ${s.modes.join(', ')})` : ''}. {s.videos} clip(s) are not in the release: use
        “Clips” in the status bar to point at a folder of videos.
      </p>
      {report.problems.length > 0 && (
        <section>
          <h3>Problems ({report.problems.length}): left out</h3>
          <ul className="import-issues error" data-testid="import-problems">
            {report.problems.map((p, i) => (
              <li key={i}>
                <span className="mono">{p.file}</span>: {p.message}
              </li>
            ))}
          </ul>
        </section>
      )}
      <section>
        <h3>Lint warnings ({report.warnings.length})</h3>
        {report.warnings.length === 0 ? (
          <p className="muted">None.</p>
        ) : (
          <ul className="import-issues" data-testid="import-warnings">
            {report.warnings.map((w, i) => (
              <li key={i}>
                {w.file && <span className="mono">{w.file}</span>} {w.message}
              </li>
            ))}
          </ul>
        )}
      </section>
    </Dialog>
  );
}
