// Which trajectory files an evaluation reads (SPEC §6, §12), in code-point order of their paths.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { compareCodePoints } from '../../shared/format/codepoint';
import { listTrajectoryFiles } from '../../shared/format/loader';
import type { DatasetSource } from '../../shared/format/source';
import type { Problem } from '../../shared/format/types';
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

export async function datasetTrajectoryFiles(root: string, source: DatasetSource): Promise<TrajectoryFile[]> {
  const files = await listTrajectoryFiles(source);
  return Promise.all(files.map((f) => sized(f, path.join(root, ...f.split('/')))));
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
    } else files.push(await sized(given, path.resolve(given)));
  }
  return files.sort((a, b) => compareCodePoints(a.display, b.display));
}
