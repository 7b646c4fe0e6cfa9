// The dataset loader's DatasetSource over window.studio, for the Annotate workspace.
import type { StudioApi } from '../../../../shared/api/studio-api';
import type { DatasetSource } from '../../../../shared/format/source';

export function studioDatasetSource(api: StudioApi, datasetId: string, label: string): DatasetSource {
  let files: Promise<string[]> | null = null;
  const allFiles = () => (files ??= api.datasets.listFiles(datasetId, '').then((list) => list.map((file) => file.path)));
  const readText = async (path: string) => {
    if (!(await allFiles()).includes(path)) return null;
    return api.datasets.readText(datasetId, path);
  };
  return {
    label,
    readText,
    readChunks: async (path) => {
      const text = await readText(path);
      if (text === null) return null;
      return (async function* () {
        yield text;
      })();
    },
    listFiles: async (dir) => (await allFiles()).filter((path) => path.startsWith(`${dir.replace(/\/$/, '')}/`)),
    listDirs: async (dir) => {
      const prefix = `${dir.replace(/\/$/, '')}/`;
      const names = new Set<string>();
      for (const path of await allFiles()) {
        if (!path.startsWith(prefix)) continue;
        const rest = path.slice(prefix.length);
        const slash = rest.indexOf('/');
        if (slash > 0) names.add(rest.slice(0, slash));
      }
      return [...names];
    },
  };
}
