// Which trajectory files an evaluation reads (SPEC §6, §12), in code-point order of their paths.
import type { Stats } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { StudioError } from '../../../shared/api/studio-error';
import { compareCodePoints } from '../../../shared/format/codepoint';
import { listTrajectoryFiles } from '../../../shared/format/loader';
import type { DatasetSource } from '../../../shared/format/source';
import type { Problem } from '../../../shared/format/types';
import { resolveExisting } from '../safe-path';
import { stampOf } from '../file-stamp';
import { unreadableFileMessage } from './file-failures';
import { listFilesBelow, strayProblems, type SkippedEntry } from './node-source';

export interface TrajectoryFile {
  /** As shown in problems: dataset-relative, or the path as given on the command line. */
  display: string;
  absolute: string;
  size: number;
  /**
   * As listed (file-stamp.ts statStamp: size, times, inode), and whether it had changed within a
   * tick of the listing (then a same-size rewrite in that tick keeps the stamp, and only the
   * content can tell): the evaluation checks the file is still so once it is scored (run-evaluation.ts).
   */
  stamp: string;
  racy: boolean;
}

/** The file's stat now (taken after `atMs`); null with a problem when it cannot be looked at (gone since its folder was read, ...). */
async function looked(display: string, absolute: string, problems: Problem[]): Promise<{ stats: Stats; atMs: number } | null> {
  const atMs = Date.now(); // before the look (fileStamp)
  try {
    return { stats: await stat(absolute), atMs };
  } catch (error) {
    problems.push({ file: display, line: 0, message: unreadableFileMessage(error) });
    return null;
  }
}

/** The file as listed: its size and stamp as looked at. */
const listedFile = (display: string, absolute: string, { stats, atMs }: { stats: Stats; atMs: number }): TrajectoryFile => ({ display, absolute, size: stats.size, ...stampOf(stats, atMs) });

async function listed(display: string, absolute: string, problems: Problem[]): Promise<TrajectoryFile | null> {
  const look = await looked(display, absolute, problems);
  return look && listedFile(display, absolute, look);
}

const refusedType = 'not a regular file (a FIFO, socket or device is never read); left out';

/**
 * The dataset's trajectory files, checked as every dataset read is: a symlink leading out of the
 * dataset and anything but a regular file are problems of that file, left out (never read, so a
 * FIFO cannot block the evaluation).
 */
export async function datasetTrajectoryFiles(root: string, source: DatasetSource, problems: Problem[] = []): Promise<TrajectoryFile[]> {
  const realRoot = await realpath(root);
  const files: TrajectoryFile[] = [];
  let listedFiles: string[];
  try {
    listedFiles = await listTrajectoryFiles(source);
  } catch (error) {
    // trajectories/ itself refused (a link out of the dataset: runs kept on another volume) or
    // unreadable: the dataset's problem, not the end of the evaluation (it aborted, exit 1, no report).
    problems.push({ file: 'trajectories', line: 0, message: `${StudioError.from(error).message}; not read (runs kept elsewhere are scored with --trajectories PATH)` });
    return files;
  }
  for (const f of listedFiles) {
    let real: string;
    try {
      real = await resolveExisting(realRoot, f, 'file');
    } catch (error) {
      problems.push({ file: f, line: 0, message: `${StudioError.from(error).message}; left out` });
      continue;
    }
    const look = await looked(f, real, problems);
    if (!look) continue;
    if (!look.stats.isFile()) problems.push({ file: f, line: 0, message: refusedType });
    else files.push(listedFile(f, real, look));
  }
  // Links to folders are never followed: said, so a run's files are not missing without a word.
  const trajectories = await resolveExisting(realRoot, 'trajectories', 'dir').catch(() => null);
  const links: string[] = [];
  const unreadable: SkippedEntry[] = [];
  const strays: SkippedEntry[] = [];
  // Named under trajectories/ as the files are, even when that folder is itself a link inside the dataset.
  if (trajectories) await listFilesBelow(trajectories, trajectories, links, unreadable, strays);
  for (const link of links.sort(compareCodePoints)) problems.push({ file: `trajectories/${link}`, line: 0, message: folderLinkMessage });
  for (const folder of unreadable) problems.push(unreadableProblem(`trajectories/${folder.path}`, folder.reason));
  problems.push(...strayProblems(strays, (relative) => `trajectories/${relative}`, 'left out'));
  return files;
}

/** A folder that could not be listed; a path of thousands of folders is shortened to its start. */
function unreadableProblem(folder: string, reason: string): Problem {
  const shown = folder.length > 120 ? `${folder.slice(0, 120)}… (${folder.split('/').length} folders deep)` : folder;
  return { file: shown, line: 0, message: `a folder that cannot be read (${reason}); its files are left out` };
}

const folderLinkMessage =
  'a symbolic link to a folder; the studio does not follow links to folders in a dataset (a link could lead outside it): copy the folder in; its files are left out';

/** Files and folders given with --trajectories; a folder expands to its *.jsonl files. */
export async function givenTrajectoryFiles(paths: readonly string[], problems: Problem[]): Promise<TrajectoryFile[]> {
  const files: TrajectoryFile[] = [];
  for (const given of paths) {
    const info = await stat(given).catch(() => null);
    if (!info) problems.push({ file: given, line: 0, message: 'not found' });
    else if (info.isDirectory()) {
      const links: string[] = [];
      const unreadable: SkippedEntry[] = [];
      const shown = (relative: string) => path.posix.join(given.split(path.sep).join('/'), relative);
      const strays: SkippedEntry[] = [];
      for (const relative of await listFilesBelow(given, given, links, unreadable, strays)) {
        const file = relative.endsWith('.jsonl') ? await listed(shown(relative), path.join(given, relative), problems) : null;
        if (file) files.push(file);
      }
      for (const link of links) problems.push({ file: shown(link), line: 0, message: folderLinkMessage });
      for (const folder of unreadable) problems.push(unreadableProblem(shown(folder.path), folder.reason));
      problems.push(...strayProblems(strays, shown, 'left out'));
    } else if (!info.isFile()) problems.push({ file: given, line: 0, message: refusedType });
    else {
      const file = await listed(given, path.resolve(given), problems);
      if (file) files.push(file);
    }
  }
  return files.sort((a, b) => compareCodePoints(a.display, b.display));
}
