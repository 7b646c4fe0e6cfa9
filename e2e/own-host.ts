// For a spec that needs a dataset of its own on disk: a fresh temporary folder where `make` writes
// the dataset (often a changed copy of the sample, copySample), and a browser host serving it,
// started before the spec's tests and removed after them.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, type Page } from '@playwright/test';
import { copySharedSample } from './datasets-on-disk';
import { startStudioHost, type StudioHost } from './studio-host';

export interface OwnHost {
  /** The host's URL, token included (set once the spec's beforeAll has run). */
  url: string;
  /** The dataset folder the host serves (or its datasets folder: ownHost's `serve`). */
  dataset: string;
}

/** The sample dataset copied to `dataset`. */
export const copySample = (dataset: string) => copySharedSample(dataset);

/**
 * `serve`: 'dataset' opens the folder `make` wrote as the dataset; 'datasets-dir' lists the
 * datasets in its subfolders instead (as the repository's datasets/ is listed).
 */
export function ownHost(prefix: string, folderName: string, make: (dataset: string) => Promise<void>, serve: 'dataset' | 'datasets-dir' = 'dataset'): OwnHost {
  const own: OwnHost = { url: '', dataset: '' };
  let work: string | undefined;
  let host: StudioHost | undefined;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    work = await mkdtemp(path.join(tmpdir(), prefix));
    own.dataset = path.join(work, folderName);
    await make(own.dataset);
    await mkdir(path.join(work, 'config'));
    const configDir = path.join(work, 'config');
    host = await startStudioHost(serve === 'dataset' ? { dataset: own.dataset, configDir } : { datasetsDir: own.dataset, configDir });
    own.url = host.url;
  });
  test.afterAll(async () => {
    host?.process.kill('SIGTERM');
    if (work) await rm(work, { recursive: true, force: true });
  });
  return own;
}

/** Opens `task` in Annotate as `annotator` on the host (the page is loaded first unless it is already there). */
export async function openAnnotateTask(page: Page, host: OwnHost, annotator: string, task: string): Promise<void> {
  if (!page.url().startsWith(host.url.split('?')[0])) {
    const url = new URL(host.url);
    url.searchParams.set('annotator', annotator);
    url.hash = '#/annotate';
    await page.goto(url.href);
  }
  await page.locator(`[data-task-id="${task}"]`).click();
}
