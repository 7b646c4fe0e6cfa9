// The one place the renderer hears that a dataset's files changed: written through the API
// (datasets.changed) or seen on disk by the host's watcher (annotations.changed). The session's
// dataset copy is marked stale first, then each view that registered here is told. Every
// registration returns its own removal, and views remove theirs when they unmount.
import type { StudioApi } from '../../../shared/api/studio-api';
import { markDatasetChanged } from '../evaluation/sessionDataset';

export interface FilesChanged {
  datasetId: string;
  paths: string[];
  /** 'written' through the API (this window or another), 'watched' on disk by the host. */
  via: 'written' | 'watched';
  /** Set when no file was written: a video folder was chosen or forgotten. */
  reason?: 'video-folder';
}
type Listener = (change: FilesChanged) => void;

const listeners = new Set<Listener>();

/** Calls listener on every change of a dataset's files until the returned function is called. */
export function onFilesChanged(listener: Listener): () => void {
  const entry: Listener = (change) => listener(change); // one entry per call, even for the same function
  listeners.add(entry);
  return () => {
    listeners.delete(entry);
  };
}

/** How many views are listening now (a view that forgot to stop listening shows here). */
export function filesChangedListenerCount(): number {
  return listeners.size;
}

/**
 * A change the watcher sees this soon after the studio wrote the same file through its API is
 * taken to be that write (the host hears its own writes on disk too).
 */
const OWN_WRITE_MS = 3000;
/** When each file was last written through the API, by dataset and path. */
const writtenAt = new Map<string, number>();
const writtenKey = (datasetId: string, path: string) => `${datasetId}\u0000${path}`;

/** True when `path` was written through the API within OWN_WRITE_MS: its watched change is that write's echo. */
export function writtenJustNow(datasetId: string, path: string, now = Date.now()): boolean {
  return now - (writtenAt.get(writtenKey(datasetId, path)) ?? -Infinity) < OWN_WRITE_MS;
}

function dispatch(change: FilesChanged): void {
  if (change.via === 'written' && change.reason === undefined) {
    const now = Date.now();
    for (const path of change.paths) writtenAt.set(writtenKey(change.datasetId, path), now);
  }
  if (change.reason === undefined) markDatasetChanged(change.datasetId, change.paths);
  for (const listener of [...listeners]) listener(change);
}

/** Subscribes to the host's two change events; returns the function that unsubscribes both. */
export function hearFileChanges(api: Pick<StudioApi, 'onEvent'>): () => void {
  const stops = [
    api.onEvent('datasets.changed', (event) => dispatch({ ...event, via: 'written' })),
    api.onEvent('annotations.changed', (event) => dispatch({ ...event, via: 'watched' })),
  ];
  return () => stops.forEach((stop) => stop());
}
