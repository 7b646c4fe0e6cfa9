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
import type { AnnotationWatcher } from './annotation-watcher';
import type { DatasetCatalog } from './dataset-catalog';
import { listDatasetFiles, readDatasetText, writeDatasetText } from './dataset-files';
import { evaluationRun } from './evaluation-run';
import type { StudioEventBus } from './event-bus';

export interface StudioServices {
  catalog: DatasetCatalog;
  events: StudioEventBus;
  appInfo: AppInfo;
  /** Reports annotation file changes of opened datasets (annotations.changed); absent in some tests. */
  annotationWatcher?: AnnotationWatcher;
}

export function createStudioHandlers({ catalog, events, appInfo, annotationWatcher }: StudioServices): StudioHandlers {
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
    // The studio's own bundles carry no eval-worker.mjs: score in this thread.
    'evaluation.run': async (datasetId) => (await evaluationRun(catalog.rootOf(datasetId), { workers: 0 })).run,
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
