// What a workspace shows until it is built: its purpose and the dataset it will work on.
import { useStudioStore } from '../state/store';

export function WorkspacePlaceholder({ title, purpose }: { title: string; purpose: string }) {
  const datasetName = useStudioStore((state) => state.currentDataset?.name ?? null);
  return (
    <section className="workspace-placeholder">
      <h1>{title}</h1>
      <p>{purpose}</p>
      <p className="muted">
        {datasetName ? `Dataset: ${datasetName}.` : 'Open a dataset from the list on the left.'} This workspace is not built yet.
      </p>
    </section>
  );
}
