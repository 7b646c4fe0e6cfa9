// Watches the files of opened datasets that people and programs change beside the studio
// (annotations/*.jsonl, ground_truth.jsonl, reviews/*.jsonl, trajectories/**/*.jsonl) with
// node:fs.watch and reports changes, debounced: the agreement panel reloads another annotator's
// file within a second of it changing on disk (an export from another window or machine, a text
// editor, git pull), Replay takes a teammate's overrides, and runs an agent runner writes while the
// studio is open are scored. Both hosts forward the event to the renderer.
import { watch, type FSWatcher } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { isHiddenName } from '../../shared/format/dataset-path';

export interface AnnotationChange {
  datasetId: string;
  /** Dataset-relative paths, sorted: annotations/<name>.jsonl, ground_truth.jsonl, reviews/<name>.jsonl, trajectories/<...>.jsonl, and trajectories/ or trajectories/<folder>/ for a folder made, moved or removed. */
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
  folderWatchers: Map<string, FSWatcher | null>;
  pending: Set<string>;
  timer: ReturnType<typeof setTimeout> | null;
  /** Subfolders of the recursive folders, as `folder/sub/`: a folder moved or removed whole names no file. */
  subfolders: Set<string>;
}

export const ANNOTATIONS_DIR = 'annotations';
export const GROUND_TRUTH_FILE = 'ground_truth.jsonl';

/** The folders watched, and whether their subfolders are (a model's runs are in a folder of their own). */
const FOLDERS: ReadonlyMap<string, { recursive: boolean }> = new Map([
  [ANNOTATIONS_DIR, { recursive: false }],
  ['reviews', { recursive: false }],
  ['trajectories', { recursive: true }],
]);

/** The dataset-relative path a change in a watched folder stands for, or null to ignore it. */
export function watchedPathOf(folder: string, fileName: string | null): string | null {
  const recursive = FOLDERS.get(folder)?.recursive ?? false;
  if (!fileName || !fileName.endsWith('.jsonl')) return null;
  const parts = fileName.split(/[/\\]/);
  if ((!recursive && parts.length > 1) || parts.some((part) => part === '' || part === '..' || isHiddenName(part))) return null;
  return `${folder}/${parts.join('/')}`;
}

/** The dataset-relative path a change in the annotations folder stands for, or null to ignore it. */
export const annotationPathOf = (fileName: string | null): string | null => watchedPathOf(ANNOTATIONS_DIR, fileName);

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
    const entry: Watched = { root, rootWatcher: null, folderWatchers: new Map(), pending: new Set(), timer: null, subfolders: new Set() };
    this.watched.set(datasetId, entry);
    entry.rootWatcher = this.tryWatch(root, false, (fileName) => {
      if (fileName === GROUND_TRUTH_FILE) this.touch(datasetId, GROUND_TRUTH_FILE);
      // A watched folder appeared, vanished or was replaced: watch what is there now.
      for (const [folder, { recursive }] of FOLDERS)
        if (fileName === folder || fileName === null) {
          this.attachFolder(datasetId, entry, folder, true);
          if (recursive) this.touch(datasetId, `${folder}/`); // its files may be gone with it
        }
    });
    for (const folder of FOLDERS.keys()) this.attachFolder(datasetId, entry, folder);
  }

  unwatch(datasetId: string): void {
    const entry = this.watched.get(datasetId);
    if (!entry) return;
    this.watched.delete(datasetId);
    entry.rootWatcher?.close();
    for (const watcher of entry.folderWatchers.values()) watcher?.close();
    if (entry.timer) clearTimeout(entry.timer);
  }

  close(): void {
    for (const id of [...this.watched.keys()]) this.unwatch(id);
  }

  /** Datasets being watched, for tests and diagnostics. */
  watching(): string[] {
    return [...this.watched.keys()];
  }

  /**
   * Watches `folder` of the dataset (again). `appeared`: it was made or replaced since watching
   * began, so the files already in it are reported too (a git pull makes the folder and its files
   * at once, before the folder's own watch begins).
   */
  private attachFolder(datasetId: string, entry: Watched, folder: string, appeared = false): void {
    if (this.watched.get(datasetId) !== entry) return;
    entry.folderWatchers.get(folder)?.close();
    const recursive = FOLDERS.get(folder)?.recursive ?? false;
    const absolute = path.join(entry.root, folder);
    const watcher = this.tryWatch(absolute, recursive, (fileName) => {
      const changed = watchedPathOf(folder, fileName);
      if (changed) this.touch(datasetId, changed);
      else if (recursive && fileName) void this.subfolderChanged(datasetId, entry, folder, fileName);
    });
    entry.folderWatchers.set(folder, watcher);
    if (recursive && watcher)
      void readdir(absolute, { recursive: true, withFileTypes: true })
        .then((entries) => {
          for (const found of entries) if (found.isDirectory()) entry.subfolders.add(`${folder}/${path.relative(absolute, path.join(found.parentPath, found.name)).split(path.sep).join('/')}/`);
        })
        .catch(() => undefined);
    if (appeared && watcher)
      void readdir(absolute, { recursive })
        .then((names) => {
          for (const name of names) {
            const changed = watchedPathOf(folder, name);
            if (changed) this.touch(datasetId, changed);
          }
        })
        .catch(() => undefined);
  }

  /**
   * A name in a recursive folder that is no run file: a subfolder made, moved in, moved out or
   * removed (a model's runs renamed in a file manager) is reported as `folder/sub/`, since its
   * files send no event of their own. Any other name (an editor's temporary file) is not.
   */
  private async subfolderChanged(datasetId: string, entry: Watched, folder: string, fileName: string): Promise<void> {
    const parts = fileName.split(/[/\\]/);
    if (parts.some((part) => part === '' || part === '..' || isHiddenName(part))) return;
    const key = `${folder}/${parts.join('/')}/`;
    const isFolder = await stat(path.join(entry.root, folder, fileName)).then(
      (info) => info.isDirectory(),
      () => false,
    );
    if (isFolder) entry.subfolders.add(key);
    else if (entry.subfolders.has(key)) {
      for (const known of entry.subfolders) if (known.startsWith(key)) entry.subfolders.delete(known);
    } else return;
    this.touch(datasetId, key);
  }

  private tryWatch(folder: string, recursive: boolean, onName: (fileName: string | null) => void): FSWatcher | null {
    try {
      // persistent: false: watching never keeps a host process alive on its own.
      const watcher = watch(folder, { persistent: false, recursive }, (_event, fileName) => onName(fileName === null ? null : String(fileName)));
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
