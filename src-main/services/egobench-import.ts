// File > Import EgoBench Release... (Electron): convert a release folder the user picked into a
// dataset folder the user picked (importEgobench, as `egostudio import-egobench` does), add it to
// the catalog, and describe the result for the renderer (counts, lint warnings, problems).
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { EgobenchImportEvent } from '../../shared/api/studio-events';
import { StudioError } from '../../shared/api/studio-error';
import { importInWorker } from './import-egobench/in-worker';
import { folderError, writeNewFolder } from './import-egobench/new-folder';
import { isInsideRelease, type ImportIssue } from './import-egobench/release';
import type { DatasetCatalog } from './dataset-catalog';

export type EgobenchImportDone = Extract<EgobenchImportEvent, { state: 'done' }>;

async function isDirectory(folder: string): Promise<boolean> {
  return (await stat(folder).catch(() => null))?.isDirectory() ?? false;
}

async function isEmptyOrMissing(folder: string): Promise<boolean> {
  try {
    return (await readdir(folder)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw folderError(folder, error);
  }
}

/**
 * The sub-folder's name from the release folder's: its letters and digits in any script (a Japanese
 * name stays one), runs of anything else one `-`; never hidden, never empty (`egobench`).
 */
export function datasetFolderName(release: string): string {
  const name = path.basename(path.resolve(release)).normalize('NFC').replace(/[^\p{L}\p{M}\p{N}_.-]+/gu, '-').replace(/^[-.]+|[-.]+$/g, '');
  // 60 characters at most: in UTF-8 a name of 255 bytes may hold only 63 of some scripts' letters.
  return `${[...name].slice(0, 60).join('') || 'egobench'}-dataset`;
}

/**
 * Where the dataset goes: the chosen folder when it is empty (or does not exist yet); otherwise
 * a new sub-folder `<release name>-dataset` (then `-2`, `-3`, ...), so nothing already there is overwritten.
 * A folder that holds a dataset (an earlier import) is refused: a dataset nested in another is no
 * dataset the user meant (`egostudio import-egobench` refuses it too, unless --replace).
 */
export async function importTarget(chosen: string, release: string): Promise<string> {
  if ((await stat(path.join(chosen, 'dataset.json')).catch(() => null)) !== null) {
    throw new StudioError(
      'invalid-args',
      `${chosen} holds a dataset already (its dataset.json: an earlier import?). Choose a new or empty folder for the new dataset; to write the release over that one, use \`egostudio import-egobench --replace\`.`,
    );
  }
  if (await isEmptyOrMissing(chosen)) return chosen;
  const base = datasetFolderName(release);
  for (let n = 1; ; n++) {
    const candidate = path.join(chosen, n === 1 ? base : `${base}-${n}`);
    if (await isEmptyOrMissing(candidate)) return candidate;
  }
}

const atLine = (issue: ImportIssue) => ({ file: issue.line ? `${issue.file}:${issue.line}` : issue.file, message: issue.message });

/** Imports `release` into `chosenOut` (see importTarget) and adds the dataset to the catalog. */
export async function importEgobenchRelease(release: string, chosenOut: string, catalog: DatasetCatalog): Promise<EgobenchImportDone> {
  if (!(await isDirectory(path.join(release, 'tasks')))) {
    throw new StudioError('invalid-args', `${release} is not an EgoBench release folder: it has no tasks/ folder`);
  }
  // Never into the release itself (its <release>-dataset sub-folder included): it is somebody else's folder.
  if (await isInsideRelease(release, chosenOut)) {
    throw new StudioError('invalid-args', `${chosenOut} is the release folder or inside it: choose a folder outside ${release} for the dataset`);
  }
  const out = await importTarget(chosenOut, release);
  // Written beside `out` and renamed to it at the end: a failure leaves no half-written dataset.
  // In a worker thread: the desktop calls this on Electron's main process, whose IPC, protocols
  // and menus would otherwise wait seconds on the conversion.
  const result = await writeNewFolder(out, (folder) => importInWorker(release, folder));
  const dataset = await catalog.addFolder(out);
  const s = result.summary;
  return {
    state: 'done',
    release,
    out,
    dataset,
    summary: { scenarios: s.scenarios.length, tasks: s.tasks, trajectories: s.trajectories, models: s.models, modes: s.modes, videos: s.videos.length },
    // At their line, as the CLI prints them (tasks/order1.json:414: the task's in the release's task file).
    warnings: [...result.warnings, ...result.notes, ...result.drift].map(atLine),
    problems: result.problems.map(atLine),
  };
}
