// Worker thread of `egostudio evaluate`: starts SQLite, takes the dataset the main thread loaded,
// then reads and scores the file chunks the main thread assigns.
import { parentPort } from 'node:worker_threads';
import type { LoadedDataset } from '../../../shared/format/loader';
import { loadSqlJs } from '../sql-node';
import { batchEvaluator, type BatchEvaluator } from './batch-evaluator';
import type { FileChunk } from './file-chunks';

const sqlReady = loadSqlJs();
let evaluator: Promise<BatchEvaluator> | undefined;
parentPort!.on('message', (message: { dataset: LoadedDataset } | { id: number; chunk: FileChunk }) => {
  if ('dataset' in message) {
    const dataset = message.dataset;
    evaluator = sqlReady.then((SQL) => batchEvaluator(dataset, SQL));
    return;
  }
  const { id, chunk } = message;
  if (!evaluator) {
    parentPort!.postMessage({ id, error: 'the worker has no dataset yet' });
    return;
  }
  evaluator
    .then((e) => e.evaluateChunk(chunk))
    .then(
      (result) => parentPort!.postMessage({ id, result }),
      (error: Error) => parentPort!.postMessage({ id, error: error.message }),
    );
});
await sqlReady;
parentPort!.postMessage({ ready: true });
