// Scores batches of trajectory lines against one dataset; used in-process for small inputs and
// by each worker thread for big ones.
import type { SqlJsStatic } from 'sql.js';
import { evaluateLine, profileOf, type EngineProvider, type LineRecord } from '../../shared/eval/evaluate';
import { loadDataset, type LoadedDataset } from '../../shared/format/loader';
import type { Problem } from '../../shared/format/types';
import { loadSqlJs } from '../services/sql-node';
import { engineProvider } from '../../shared/eval/engine-provider';
import { nodeDatasetSource } from './node-source';

export type LineBatch = { file: string; lines: [number, string][] };

export interface BatchEvaluator {
  dataset: LoadedDataset;
  /** Problems found while building scenario engines. */
  engineProblems: Problem[];
  engines: EngineProvider;
  evaluate(batch: LineBatch): LineRecord[];
  close(): void;
}

export function batchEvaluator(dataset: LoadedDataset, SQL: SqlJsStatic): BatchEvaluator {
  const engineProblems: Problem[] = [];
  const engines = engineProvider(SQL, dataset, engineProblems);
  const { profile } = profileOf(dataset);
  return {
    dataset,
    engineProblems,
    engines,
    evaluate({ file, lines }) {
      const records: LineRecord[] = [];
      for (const [lineNumber, text] of lines) {
        const record = evaluateLine(dataset, engines, profile, file, lineNumber, text);
        if (record) records.push(record);
      }
      return records;
    },
    close: () => engines.closeAll(),
  };
}

export async function batchEvaluatorFor(root: string): Promise<BatchEvaluator> {
  const [dataset, SQL] = await Promise.all([loadDataset(nodeDatasetSource(root)), loadSqlJs()]);
  return batchEvaluator(dataset, SQL);
}
