// The datasets the host offers (datasets/ folder, added, recent); clicking one opens it.
import type { DatasetSummary } from '../../../shared/api/studio-api';
import { useMemo } from 'react';
import { useDatasetPicker } from '../state/store';
import { distinguishingFolders } from './datasetLabels';

const sourceLabels: Record<DatasetSummary['source'], string> = { bundled: 'datasets/', added: 'added', recent: 'recent' };

export function DatasetPicker() {
  const { datasets, loaded, currentId, openDataset } = useDatasetPicker();
  const folders = useMemo(() => distinguishingFolders(datasets), [datasets]);
  return (
    <nav className="dataset-picker" data-testid="dataset-picker" aria-label="Datasets">
      <h2>Datasets</h2>
      {loaded && datasets.length === 0 && <p className="muted">No datasets found. Add a folder under datasets/.</p>}
      <ul>
        {datasets.map((dataset) => (
          <li key={dataset.id}>
            <button
              type="button"
              className={dataset.id === currentId ? 'dataset-entry current' : 'dataset-entry'}
              aria-current={dataset.id === currentId}
              title={dataset.root}
              data-testid="dataset-entry"
              onClick={() => void openDataset(dataset.id)}
            >
              <span className="dataset-name">{dataset.name}</span>
              {folders.has(dataset.id) && (
                <span className="dataset-folder" data-testid="dataset-folder">
                  {folders.get(dataset.id)}
                </span>
              )}
              <span className="dataset-source">{sourceLabels[dataset.source]}</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
