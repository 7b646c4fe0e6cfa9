// The studio API implemented once over the service modules. Electron's IPC layer and the browser
// host's HTTP layer both validate arguments with shared/api and then call these handlers.
import {
  parseChannelArgs,
  type AppInfo,
  type ChannelResult,
  type StudioChannel,
  type StudioHandlers,
  type ValidChannelArgs,
} from '../../shared/api/studio-api';
import { StudioError } from '../../shared/api/studio-error';
import type { AnnotationWatcher } from './annotation-watcher';
import { auditFolder } from './audit-folder';
import type { DatasetCatalog } from './dataset-catalog';
import {
  appendDatasetLinesIfUnchanged,
  listDatasetFiles,
  readDatasetText,
  readDatasetVersioned,
  writeDatasetText,
  writeDatasetTextIfUnchanged,
} from './dataset-files';
import { evaluationRun } from './evaluation-run';
import { AUDIT_TIME_LIMIT_MS, runWatchedJob } from './watched-job';
import { HOST_TIME_LIMIT_MS, startEvaluation } from './evaluation-session';
import { KeptWorkers } from './evaluation/kept-workers';
import { searchDialogue, trajectoryLine } from './evaluation/trajectory-lines';
import type { StudioEventBus } from './event-bus';
import { clipStatus, type VideoFolders } from './video-folders';

/** Stands in when a host keeps no video folders (tests): never a folder. */
const noFolders = { get: async () => null, fallback: async () => null } as unknown as VideoFolders;

export interface StudioServices {
  catalog: DatasetCatalog;
  events: StudioEventBus;
  appInfo: AppInfo;
  /** Reports annotation file changes of opened datasets (annotations.changed); absent in some tests. */
  annotationWatcher?: AnnotationWatcher;
  /** Per-dataset video folders (config folder); absent in some tests: no folder, every clip from the dataset. */
  videoFolders?: VideoFolders;
  /** The desktop's native folder dialog (Electron only); resolves null when cancelled. */
  chooseFolder?: (title: string) => Promise<string | null>;
  /** The host bundle's evaluation worker: big datasets are scored in worker threads, off the thread that answers calls. */
  evaluationWorker?: URL;
  /** Where scores of unchanged trajectory files are kept (the config folder's score-cache/); none: no cache. */
  scoreCacheDir?: string;
  /** Longest one scenario's seed SQL or one call may run in a scoring worker (ms); default HOST_TIME_LIMIT_MS. */
  scoringTimeLimitMs?: number;
  /** Longest a ground-truth audit may run in its worker (ms); default AUDIT_TIME_LIMIT_MS. */
  auditTimeLimitMs?: number;
}

export function createStudioHandlers({ catalog, events, appInfo, annotationWatcher, videoFolders, chooseFolder, evaluationWorker, scoreCacheDir, scoringTimeLimitMs, auditTimeLimitMs }: StudioServices): StudioHandlers {
  const timeLimitMs = scoringTimeLimitMs ?? HOST_TIME_LIMIT_MS;
  // Both of the host's evaluations (the listing and Reports' whole report) share its warm workers.
  const keptWorkers = evaluationWorker ? new KeptWorkers(evaluationWorker, { timeLimitMs }) : undefined;
  return {
    'app.info': async () => appInfo,
    'datasets.list': () => catalog.list(),
    'datasets.open': async (datasetId) => {
      const dataset = await catalog.open(datasetId);
      annotationWatcher?.watch(dataset.id, dataset.root);
      return dataset;
    },
    'datasets.readText': (datasetId, path) => readDatasetText(catalog.rootOf(datasetId), path),
    'datasets.listFiles': (datasetId, dir) => listDatasetFiles(catalog.rootOf(datasetId), dir),
    'datasets.writeText': async (datasetId, path, content) => {
      const written = await writeDatasetText(catalog.rootOf(datasetId), path, content);
      events.emit('datasets.changed', { datasetId, paths: [written.path] });
      return written;
    },
    'datasets.clipStatus': async (datasetId) => clipStatus(catalog.rootOf(datasetId), videoFolders ?? noFolders),
    'datasets.setVideoFolder': async (datasetId, choice) => {
      const root = catalog.rootOf(datasetId);
      if (!videoFolders) throw new StudioError('internal', 'This host keeps no video folders');
      let folder: string | null;
      if (choice.kind === 'clear') folder = null;
      else if (choice.kind === 'dialog') {
        // The desktop renderer never supplies paths: the folder comes from the host's own dialog.
        if (!chooseFolder) throw new StudioError('invalid-args', 'The browser host has no folder dialog: type the folder path');
        const picked = await chooseFolder('Choose the folder with the clips');
        if (picked === null) return clipStatus(root, videoFolders);
        folder = picked;
      } else {
        if (appInfo.hostKind !== 'web') throw new StudioError('forbidden', 'The desktop studio picks folders with its own dialog');
        folder = choice.path;
      }
      await videoFolders.set(root, folder);
      const status = await clipStatus(root, videoFolders);
      events.emit('datasets.changed', { datasetId, paths: status.clips.map((clip) => clip.path), reason: 'video-folder' });
      return status;
    },
    'datasets.readVersioned': (datasetId, path) => readDatasetVersioned(catalog.rootOf(datasetId), path),
    'datasets.writeIfUnchanged': async (datasetId, path, content, expected) => {
      const written = await writeDatasetTextIfUnchanged(catalog.rootOf(datasetId), path, content, expected);
      events.emit('datasets.changed', { datasetId, paths: [written.path] });
      return written;
    },
    'datasets.appendIfUnchanged': async (datasetId, path, lines, expected) => {
      const written = await appendDatasetLinesIfUnchanged(catalog.rootOf(datasetId), path, lines, expected);
      events.emit('datasets.changed', { datasetId, paths: [written.path] });
      return written;
    },
    // Without a worker bundle (tests from the sources) everything is scored on this thread.
    'evaluation.run': async (datasetId) =>
      (
        await evaluationRun(catalog.rootOf(datasetId), {
          // Off the thread that answers calls, with the time limit; hosts in tests without a built worker score in process.
          ...(evaluationWorker ? { workerUrl: evaluationWorker, keptWorkers, scoreOnCaller: false, timeLimitMs } : { workers: 0 }),
          cacheDir: scoreCacheDir,
        })
      ).run,
    'evaluation.start': async (datasetId, runId) => {
      void startEvaluation({ events, workerUrl: evaluationWorker, keptWorkers, cacheDir: scoreCacheDir, timeLimitMs }, datasetId, catalog.rootOf(datasetId), runId);
      return { runId };
    },
    'evaluation.trajectoryLine': (datasetId, file, line) => trajectoryLine(catalog.rootOf(datasetId), file, line),
    'evaluation.searchDialogue': (datasetId, query) => searchDialogue(catalog.rootOf(datasetId), query),
    // In a worker where the host has its bundle (both hosts): a never-ending scenario cannot stop this
    // thread; past the scoring's limit it becomes a problem and the audit goes on without it.
    'audit.run': async (datasetId) =>
      evaluationWorker
        ? (await runWatchedJob(evaluationWorker, { kind: 'audit', root: catalog.rootOf(datasetId) }, { limitMs: auditTimeLimitMs ?? AUDIT_TIME_LIMIT_MS, stretchLimitMs: timeLimitMs })).report
        : (await auditFolder(catalog.rootOf(datasetId))).report,
  };
}

/** Validates raw arguments against the channel's schema, then calls its handler. */
export async function invokeStudioHandler<C extends StudioChannel>(
  handlers: StudioHandlers,
  name: C,
  rawArgs: unknown,
): Promise<ChannelResult<C>> {
  const args = parseChannelArgs(name, rawArgs);
  const handler = handlers[name] as (...validArgs: ValidChannelArgs<C>) => Promise<ChannelResult<C>>;
  return handler(...args);
}
