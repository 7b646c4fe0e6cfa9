// Watches the annotation files of opened datasets (annotations/*.jsonl and ground_truth.jsonl)
// with node:fs.watch and reports changes, debounced, so the agreement panel can reload another
// annotator's file within a second of it changing on disk (an export from another window or
// machine, a text editor, git pull). Both hosts forward the event to the renderer.
import { watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { isHiddenName } from '../../shared/format/dataset-path';

export interface AnnotationChange {
  datasetId: string;
  /** Dataset-relative paths, sorted: annotations/<name>.jsonl, ground_truth.jsonl. */
  paths: string[];
}

export interface AnnotationWatcherOptions {
  emit(change: AnnotationChange): void;
  /** Quiet time before a batch of changes is reported (editors write in several steps). */
  debounceMs?: number;
}

interface Watched {
  root: string;
  rootWatcher: FSWatcher | null;
  folderWatcher: FSWatcher | null;
  pending: Set<string>;
  timer: ReturnType<typeof setTimeout> | null;
}

export const ANNOTATIONS_DIR = 'annotations';
export const GROUND_TRUTH_FILE = 'ground_truth.jsonl';

/** The dataset-relative path a change in the annotations folder stands for, or null to ignore it. */
export function annotationPathOf(fileName: string | null): string | null {
  if (!fileName || isHiddenName(fileName) || !fileName.endsWith('.jsonl') || fileName.includes('/') || fileName.includes('\\')) return null;
  return `${ANNOTATIONS_DIR}/${fileName}`;
}

export class AnnotationWatcher {
  private readonly watched = new Map<string, Watched>();
  private readonly debounceMs: number;

  constructor(private readonly options: AnnotationWatcherOptions) {
    this.debounceMs = options.debounceMs ?? 150;
  }

  /** Starts watching a dataset (again opening the same dataset does nothing). */
  watch(datasetId: string, root: string): void {
    const existing = this.watched.get(datasetId);
    if (existing?.root === root) return;
    if (existing) this.unwatch(datasetId);
    const entry: Watched = { root, rootWatcher: null, folderWatcher: null, pending: new Set(), timer: null };
    this.watched.set(datasetId, entry);
    entry.rootWatcher = this.tryWatch(root, (fileName) => {
      if (fileName === GROUND_TRUTH_FILE) this.touch(datasetId, GROUND_TRUTH_FILE);
      // The annotations folder appeared, vanished or was replaced: watch what is there now.
      if (fileName === ANNOTATIONS_DIR || fileName === null) this.attachFolder(datasetId, entry);
    });
    this.attachFolder(datasetId, entry);
  }

  unwatch(datasetId: string): void {
    const entry = this.watched.get(datasetId);
    if (!entry) return;
    this.watched.delete(datasetId);
    entry.rootWatcher?.close();
    entry.folderWatcher?.close();
    if (entry.timer) clearTimeout(entry.timer);
  }

  close(): void {
    for (const id of [...this.watched.keys()]) this.unwatch(id);
  }

  /** Datasets being watched, for tests and diagnostics. */
  watching(): string[] {
    return [...this.watched.keys()];
  }

  private attachFolder(datasetId: string, entry: Watched): void {
    if (this.watched.get(datasetId) !== entry) return;
    entry.folderWatcher?.close();
    entry.folderWatcher = this.tryWatch(path.join(entry.root, ANNOTATIONS_DIR), (fileName) => {
      const changed = annotationPathOf(fileName);
      if (changed) this.touch(datasetId, changed);
    });
  }

  private tryWatch(folder: string, onName: (fileName: string | null) => void): FSWatcher | null {
    try {
      // persistent: false: watching never keeps a host process alive on its own.
      const watcher = watch(folder, { persistent: false }, (_event, fileName) => onName(fileName === null ? null : String(fileName)));
      watcher.on('error', () => watcher.close());
      return watcher;
    } catch {
      return null; // the folder does not exist (yet): the root watcher attaches it when it appears
    }
  }

  private touch(datasetId: string, relativePath: string): void {
    const entry = this.watched.get(datasetId);
    if (!entry) return;
    entry.pending.add(relativePath);
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = setTimeout(() => {
      entry.timer = null;
      const paths = [...entry.pending].sort();
      entry.pending.clear();
      if (paths.length > 0 && this.watched.get(datasetId) === entry) this.options.emit({ datasetId, paths });
    }, this.debounceMs);
  }
}
