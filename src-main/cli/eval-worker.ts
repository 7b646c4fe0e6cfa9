// Worker thread of `egostudio evaluate`: loads the dataset once, then scores the line batches
// the main thread sends, in order.
import { parentPort, workerData } from 'node:worker_threads';
import { batchEvaluatorFor, type LineBatch } from './batch-evaluator';

const evaluator = await batchEvaluatorFor((workerData as { root: string }).root);
parentPort!.on('message', (message: { id: number; batch: LineBatch }) => {
  parentPort!.postMessage({ id: message.id, records: evaluator.evaluate(message.batch) });
});
parentPort!.postMessage({ ready: true });
