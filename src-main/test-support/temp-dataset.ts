// Builds throw-away dataset folders for tests: a dataset root, a secret file beside it (the
// target of escape attempts) and an opened catalog over it.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatasetCatalog } from '../services/dataset-catalog';
import { RecentDatasets } from '../services/recent-datasets';

export interface TempDataset {
  /** Holds datasets/, config/ and outside-secret.txt. */
  base: string;
  datasetsDir: string;
  root: string;
  configDir: string;
  secretFile: string;
  cleanup(): Promise<void>;
}

export async function makeTempDataset(files: Record<string, string | Uint8Array> = {}): Promise<TempDataset> {
  const base = await mkdtemp(path.join(tmpdir(), 'studio-test-'));
  const datasetsDir = path.join(base, 'datasets');
  const root = path.join(datasetsDir, 'tiny');
  const configDir = path.join(base, 'config');
  await mkdir(root, { recursive: true });
  await writeFile(path.join(root, 'dataset.json'), JSON.stringify({ id: 'tiny', name: 'Tiny dataset', version: '1', modes: ['static'] }));
  for (const [relative, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, relative)), { recursive: true });
    await writeFile(path.join(root, relative), content);
  }
  const secretFile = path.join(base, 'outside-secret.txt');
  await writeFile(secretFile, 'secret');
  return { base, datasetsDir, root, configDir, secretFile, cleanup: () => rm(base, { recursive: true, force: true }) };
}

/** A catalog over the temp datasets/ folder with the tiny dataset opened; returns its id. */
export async function openTempCatalog(temp: TempDataset): Promise<{ catalog: DatasetCatalog; datasetId: string }> {
  const catalog = new DatasetCatalog({ datasetsDir: temp.datasetsDir, recents: new RecentDatasets(temp.configDir) });
  const [dataset] = await catalog.list();
  await catalog.open(dataset.id);
  return { catalog, datasetId: dataset.id };
}
