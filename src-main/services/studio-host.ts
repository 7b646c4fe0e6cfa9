// Wires the services together for one host process (Electron main or the browser host).
import path from 'node:path';
import type { HostKind } from '../../shared/api/studio-api';
import { AnnotationWatcher } from './annotation-watcher';
import { readAppInfo } from './app-info';
import { DatasetCatalog } from './dataset-catalog';
import { StudioEventBus } from './event-bus';
import { RecentDatasets } from './recent-datasets';
import { createStudioHandlers, type StudioServices } from './studio-handlers';
import { VideoFolders } from './video-folders';

export interface StudioHostOptions {
  hostKind: HostKind;
  /** Folder with package.json and datasets/ (the repository, or the packaged app). */
  appRoot: string;
  /** Where recent-datasets.json lives. */
  configDir: string;
  /** Defaults to <appRoot>/datasets. */
  datasetsDir?: string | null;
  /** Electron's native folder dialog for datasets.setVideoFolder (the browser host has none). */
  chooseFolder?: (title: string) => Promise<string | null>;
  /** The bundle's eval-worker (beside the host's entry file), for scoring in worker threads. */
  evaluationWorker?: URL;
  /** Time limit of one seed or call in a scoring worker (tests shorten it); default HOST_TIME_LIMIT_MS. */
  scoringTimeLimitMs?: number;
  auditTimeLimitMs?: number;
}

export function createStudioHost(options: StudioHostOptions) {
  const events = new StudioEventBus();
  const services: StudioServices = {
    catalog: new DatasetCatalog({
      datasetsDir: options.datasetsDir === undefined ? path.join(options.appRoot, 'datasets') : options.datasetsDir,
      recents: new RecentDatasets(options.configDir),
    }),
    events,
    appInfo: readAppInfo(options.appRoot, options.hostKind),
    annotationWatcher: new AnnotationWatcher({ emit: (change) => events.emit('annotations.changed', change) }),
    videoFolders: new VideoFolders(options.configDir),
    chooseFolder: options.chooseFolder,
    evaluationWorker: options.evaluationWorker,
    scoreCacheDir: path.join(options.configDir, 'score-cache'),
    scoringTimeLimitMs: options.scoringTimeLimitMs,
    auditTimeLimitMs: options.auditTimeLimitMs,
  };
  return { ...services, handlers: createStudioHandlers(services) };
}

export type StudioHost = ReturnType<typeof createStudioHost>;
