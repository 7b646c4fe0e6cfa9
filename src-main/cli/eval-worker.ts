// Worker thread of `egostudio evaluate`: loads the dataset once, then reads and scores the file
// chunks the main thread assigns.
import { parentPort, workerData } from 'node:worker_threads';
import { batchEvaluatorFor } from './batch-evaluator';
import type { FileChunk } from './file-chunks';

const evaluator = await batchEvaluatorFor((workerData as { root: string }).root);
parentPort!.on('message', (message: { id: number; chunk: FileChunk }) => {
  evaluator.evaluateChunk(message.chunk).then(
    (result) => parentPort!.postMessage({ id: message.id, result }),
    (error: Error) => parentPort!.postMessage({ id: message.id, error: error.message }),
  );
});
parentPort!.postMessage({ ready: true });
