// Sorting a column's keys in the list's worker, so that a click on a header never blocks a frame.
// Where there is no Worker (unit tests) the same sort runs in place; if the worker fails, callers
// fall back to sorting in place (ListIndex.order).
import type { OrderSorter } from './listIndex';
import { sortedOrders } from './sortOrder';

type Orders = { ascending: Int32Array; descending: Int32Array };

let worker: Worker | null = null;
let nextId = 0;
const waiting = new Map<number, { resolve(orders: Orders): void; reject(error: Error): void }>();

function sortWorker(): Worker {
  if (!worker) {
    worker = new Worker(new URL('./listSort.worker.ts', import.meta.url), { type: 'module', name: 'list-sort' });
    worker.onmessage = (event: MessageEvent<Orders & { id: number }>) => {
      const { id, ascending, descending } = event.data;
      waiting.get(id)?.resolve({ ascending, descending });
      waiting.delete(id);
    };
    worker.onerror = () => {
      for (const { reject } of waiting.values()) reject(new Error('the list sort worker failed'));
      waiting.clear();
      worker = null;
    };
  }
  return worker;
}

export const sortInWorker: OrderSorter = (keys) => {
  if (typeof Worker === 'undefined') return Promise.resolve(sortedOrders(keys));
  const id = nextId++;
  return new Promise<Orders>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    // The keys are this call's own copy: transferred, not cloned.
    sortWorker().postMessage({ id, keys }, [keys.buffer]);
  });
};
