// Export JSON: the report with each label's evidence, which the host reads anew (from its score
// cache for unchanged files); on tens of thousands of runs that takes seconds, so it says so.
import { useState } from 'react';
import { StudioError } from '../../../../shared/api/studio-error';
import { reportJson, type LoadedReport } from './load-report';
import { saveText } from './save';

export function ExportJsonButton({ dataset, loaded, fileStem, say }: {
  dataset: { id: string; name: string };
  loaded: LoadedReport | null;
  fileStem: string;
  say(text: string, kind: 'ok' | 'error'): void;
}) {
  const [busy, setBusy] = useState(false);
  const exportJson = () => {
    if (!loaded || busy) return;
    setBusy(true);
    say(`Exporting the report of ${loaded.report.trajectoryCount.toLocaleString()} trajectories with their evidence…`, 'ok');
    reportJson(dataset.id, dataset.name, loaded)
      .then(
        (json) => {
          saveText(`${fileStem}-report.json`, JSON.stringify(json, null, 2) + '\n', 'application/json');
          say(`Exported ${fileStem}-report.json.`, 'ok');
        },
        (error) => say(`Could not export the report: ${StudioError.from(error).message}`, 'error'),
      )
      .finally(() => setBusy(false));
  };
  return (
    <button type="button" onClick={exportJson} disabled={!loaded || busy} aria-busy={busy} data-testid="report-export-json">
      {busy ? 'Exporting…' : 'Export JSON'}
    </button>
  );
}
