// SPEC §11 agreement of two annotators over a dataset folder, for `egostudio agreement` (on its own
// thread, or in a watched worker: watched-job.ts). The computation is shared/eval/agreement-report.ts,
// which the studio's agreement dashboard runs too.
import { agreementReport, type AgreementReport } from '../../shared/eval/agreement-report';
import { readByAgreement } from '../../shared/eval/files-read';
import { compareCodePoints } from '../../shared/format/codepoint';
import { loadDataset, nothingRead, type LoadedDataset } from '../../shared/format/loader';
import { annotationFileStrays, nodeDatasetSource } from './evaluation/node-source';
import { jobEngines, type BlockedScenario } from './evaluation/watchdog';
import { loadSqlJs } from './sql-node';

export interface AgreementOutcome {
  report: AgreementReport;
  datasetName: string;
  /** SPEC §12's exit code 1: no task, scenario or annotation could be read (loader.ts nothingRead). */
  nothingRead: boolean;
  /** The annotators whose files were read, in code-point order. */
  annotators: string[];
}

export interface FolderJobOptions {
  /** A watch buffer (evaluation/watchdog.ts): seeds and calls are stamped there for the thread that set a time limit. */
  watch?: SharedArrayBuffer;
  /** Told the dataset once it is loaded, before any SQL runs (the watcher names scenarios from it). */
  onLoaded?: (dataset: LoadedDataset) => void;
  /** Scenarios whose SQL ran past the limit in an earlier try: answered as unbuildable, their SQL not run. */
  blocked?: ReadonlyMap<string, BlockedScenario>;
}

export async function agreementFolder(root: string, a: string, b: string, options: FolderJobOptions = {}): Promise<AgreementOutcome> {
  const [dataset, SQL, strays] = await Promise.all([loadDataset(nodeDatasetSource(root)), loadSqlJs(), annotationFileStrays(root)]);
  options.onLoaded?.(dataset);
  // Only the problems of what agreement reads (readByAgreement): a ground truth's are not its input's.
  const problems = [...dataset.problems, ...strays].filter((p) => readByAgreement(p.file, a, b));
  const engines = jobEngines(SQL, dataset, problems, options.watch, options.blocked);
  try {
    const report = agreementReport(dataset, engines, a, b, { problems });
    return { report, datasetName: dataset.meta.name, nothingRead: nothingRead(dataset, dataset.annotations.size), annotators: [...dataset.annotations.keys()].sort(compareCodePoints) };
  } finally {
    engines.closeAll();
  }
}
