// Which trajectory files an evaluation reads (SPEC §6, §12), in code-point order of their paths.
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { StudioError } from '../../../shared/api/studio-error';
import { compareCodePoints } from '../../../shared/format/codepoint';
import { listTrajectoryFiles } from '../../../shared/format/loader';
import type { DatasetSource } from '../../../shared/format/source';
import type { Problem } from '../../../shared/format/types';
import { resolveExisting } from '../safe-path';
import { listFilesBelow } from './node-source';

export interface TrajectoryFile {
  /** As shown in problems: dataset-relative, or the path as given on the command line. */
  display: string;
  absolute: string;
  size: number;
}

async function sized(display: string, absolute: string): Promise<TrajectoryFile> {
  return { display, absolute, size: (await stat(absolute)).size };
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
  for (const f of await listTrajectoryFiles(source)) {
    let real: string;
    try {
      real = await resolveExisting(realRoot, f, 'file');
    } catch (error) {
      problems.push({ file: f, line: 0, message: `${StudioError.from(error).message}; left out` });
      continue;
    }
    const info = await stat(real);
    if (!info.isFile()) problems.push({ file: f, line: 0, message: refusedType });
    else files.push({ display: f, absolute: real, size: info.size });
  }
  return files;
}

/** Files and folders given with --trajectories; a folder expands to its *.jsonl files. */
export async function givenTrajectoryFiles(paths: readonly string[], problems: Problem[]): Promise<TrajectoryFile[]> {
  const files: TrajectoryFile[] = [];
  for (const given of paths) {
    const info = await stat(given).catch(() => null);
    if (!info) problems.push({ file: given, line: 0, message: 'not found' });
    else if (info.isDirectory()) {
      for (const relative of await listFilesBelow(given, given))
        if (relative.endsWith('.jsonl')) files.push(await sized(path.posix.join(given.split(path.sep).join('/'), relative), path.join(given, relative)));
    } else if (!info.isFile()) problems.push({ file: given, line: 0, message: refusedType });
    else files.push(await sized(given, path.resolve(given)));
  }
  return files.sort((a, b) => compareCodePoints(a.display, b.display));
}
