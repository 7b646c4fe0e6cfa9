// The list's sort worker: sorts one column's keys (transferred in) and transfers both orders back.
import { sortedOrders } from './sortOrder';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<{ id: number; keys: Float64Array }>) => {
  const { id, keys } = event.data;
  const { ascending, descending } = sortedOrders(keys);
  scope.postMessage({ id, ascending, descending }, [ascending.buffer, descending.buffer]);
};
