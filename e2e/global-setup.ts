// Starts the shared browser host on a free port with a throw-away config folder and a copy of the
// repository's datasets/ (annotations are written to the dataset as people type, so the tests
// must never write into the repository), and hands its URL, token included, to the tests as
// STUDIO_URL, the copy as STUDIO_DATASETS_DIR.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoDatasetsDir } from './datasets-on-disk';
import { startStudioHost } from './studio-host';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const configDir = await mkdtemp(path.join(tmpdir(), 'studio-e2e-config-'));
  const work = await mkdtemp(path.join(tmpdir(), 'studio-e2e-datasets-'));
  const datasetsDir = path.join(work, 'datasets');
  await cp(repoDatasetsDir, datasetsDir, { recursive: true });
  const host = await startStudioHost({ configDir, datasetsDir, dataset: path.join(datasetsDir, 'egobench-sample'), timeoutMs: 60_000 });
  process.env.STUDIO_URL = host.url;
  process.env.STUDIO_CONFIG_DIR = configDir;
  process.env.STUDIO_DATASETS_DIR = datasetsDir;
  return async () => {
    host.stop();
    await rm(configDir, { recursive: true, force: true });
    await rm(work, { recursive: true, force: true });
  };
}
