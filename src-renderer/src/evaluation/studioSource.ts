// The dataset over window.studio for a worker that reads through the main thread (the agreement worker).
// A missing file or folder reads as null / [] (DatasetSource's contract).
import { StudioError } from '../../../shared/api/studio-error';
import type { StudioApi } from '../../../shared/api/studio-api';
/** What a worker may ask the main thread to read. */
export type SourceOp = 'readText' | 'listFiles' | 'listDirs';

function missing(error: unknown): boolean {
  return StudioError.from(error).code === 'not-found';
}

/** Immediate subfolders of dir, from the recursive file listing. */
export function subfolders(dir: string, files: readonly string[]): string[] {
  const prefix = dir === '' ? '' : `${dir.replace(/\/$/, '')}/`;
  const names = new Set<string>();
  for (const file of files) {
    if (!file.startsWith(prefix)) continue;
    const rest = file.slice(prefix.length);
    const slash = rest.indexOf('/');
    if (slash > 0) names.add(rest.slice(0, slash));
  }
  return [...names];
}

export async function answerSourceRead(api: StudioApi, datasetId: string, op: SourceOp, path: string): Promise<unknown> {
  try {
    if (op === 'readText') return await api.datasets.readText(datasetId, path);
    const files = (await api.datasets.listFiles(datasetId, path)).map((f) => f.path);
    return op === 'listFiles' ? files : subfolders(path, files);
  } catch (error) {
    if (missing(error)) return op === 'readText' ? null : [];
    throw error;
  }
}
