// The ground-truth audit (shared/eval/gt-audit.ts) of a dataset folder: its trajectory files (or
// the ones given), read as the evaluation reads them, scored and grouped by task in this thread.
// Used by `egostudio audit` and the studio's `audit.run` call.
import { auditDataset, type AuditReport } from '../../shared/eval/gt-audit-dataset';
import { loadDataset, readTrajectories, type LoadedDataset } from '../../shared/format/loader';
import { keepsWholeReals } from '../../shared/format/whole-reals';
import type { Problem, Trajectory } from '../../shared/format/types';
import { fileChunks, nodeDatasetSource } from './evaluation/node-source';
import { readingLines, UnreadableFile } from './evaluation/file-failures';
import { datasetTrajectoryFiles, givenTrajectoryFiles, type TrajectoryFile } from './evaluation/trajectory-files';
import type { FolderJobOptions } from './agreement-folder';
import { loadSqlJs } from './sql-node';
import { jobEngines } from './evaluation/watchdog';

export type { AuditReport };

export interface AuditFolderOptions extends FolderJobOptions {
  trajectoryPaths?: string[];
  minAgree?: number;
}

/**
 * The runs of the files in order. A file that cannot be opened or read (gone since it was listed,
 * unreadable) is one problem of its own, at line 0, and the other files are read (SPEC §12); a
 * read failing midway keeps the runs read before it.
 */
async function* trajectoriesOf(files: readonly TrajectoryFile[], problems: Problem[], wholeReals: boolean): AsyncGenerator<Trajectory> {
  for (const file of files) {
    try {
      yield* readTrajectories(readingLines(fileChunks(file.absolute)), file.display, problems, wholeReals);
    } catch (error) {
      if (!(error instanceof UnreadableFile)) throw error;
      problems.push({ file: file.display, line: 0, message: error.message });
    }
  }
}

export async function auditFolder(root: string, options: AuditFolderOptions = {}): Promise<{ dataset: LoadedDataset; report: AuditReport }> {
  const source = nodeDatasetSource(root);
  const readProblems: Problem[] = [];
  const files = options.trajectoryPaths?.length
    ? await givenTrajectoryFiles(options.trajectoryPaths, readProblems)
    : await datasetTrajectoryFiles(root, source, readProblems);
  const [dataset, SQL] = await Promise.all([loadDataset(source), loadSqlJs()]);
  const engineProblems: Problem[] = [];
  options.onLoaded?.(dataset);
  const engines = jobEngines(SQL, dataset, engineProblems, options.watch, options.blocked);
  try {
    // Lines that could not be read are found while the runs stream: the audit orders them with the rest, by file and line.
    const report = await auditDataset(dataset, engines, trajectoriesOf(files, readProblems, keepsWholeReals(dataset.meta)), { minAgree: options.minAgree }, readProblems);
    report.problems.push(...engineProblems);
    return { dataset, report };
  } finally {
    engines.closeAll();
  }
}
