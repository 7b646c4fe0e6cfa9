// After File > Import EgoBench Release...: counts, problems (files left out) and the import lint's
// warnings, each naming its task id.
import { useEffect, useRef } from 'react';
import { useShellExtras } from './shellExtras';

export function ImportReportDialog() {
  const report = useShellExtras((state) => state.importReport);
  const close = () => useShellExtras.getState().showImportReport(null);
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (report) dialog.current?.focus();
  }, [report]);
  if (!report) return null;
  const s = report.summary;
  return (
    <div className="overlay-backdrop" onClick={close}>
      <div
        ref={dialog}
        className="import-report"
        role="dialog"
        aria-modal="true"
        aria-label="EgoBench import"
        data-testid="import-report"
        tabIndex={-1}
        onClick={(event) => event.stopPropagation()}
        onKeyDown={(event) => event.key === 'Escape' && close()}
      >
        <h2>EgoBench release imported</h2>
        <p className="muted mono">
          {report.release} → {report.out}
        </p>
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
        <div className="import-report-actions">
          <button type="button" className="primary" onClick={close}>
            Close
          </button>
        </div>
      </div>
    </div>
  );
}
