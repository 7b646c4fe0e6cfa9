// Stable sorted orders of one column's numeric keys, both directions. Pure: runs in the renderer and
// in the list's sort worker (sortWorker.ts).

/** Rows a packed sort handles: key * INDEX_SPAN + index stays an exact integer below 2^53. */
const INDEX_SPAN = 2 ** 21;
const KEY_LIMIT = 2 ** 31;

/** Row indexes in ascending key order, ties in row order (stable). */
export function ascendingOrder(keys: Float64Array, length: number): Int32Array {
  const order = new Int32Array(length);
  let whole = length < INDEX_SPAN;
  for (let i = 0; i < length && whole; i++) whole = Number.isInteger(keys[i]) && keys[i] >= 0 && keys[i] < KEY_LIMIT;
  if (whole) {
    // Key and index packed into one number: the typed array's numeric sort, no comparator.
    const packed = new Float64Array(length);
    for (let i = 0; i < length; i++) packed[i] = keys[i] * INDEX_SPAN + i;
    packed.sort();
    for (let i = 0; i < length; i++) order[i] = packed[i] % INDEX_SPAN;
    return order;
  }
  for (let i = 0; i < length; i++) order[i] = i;
  return order.sort((a, b) => keys[a] - keys[b] || a - b);
}

/** The descending order from the ascending one: runs of equal keys reversed as blocks, each kept in row order. */
export function descendingOrder(ascending: Int32Array, keys: Float64Array): Int32Array {
  const out = new Int32Array(ascending.length);
  let written = 0;
  let end = ascending.length;
  while (end > 0) {
    let start = end - 1;
    while (start > 0 && keys[ascending[start - 1]] === keys[ascending[end - 1]]) start--;
    out.set(ascending.subarray(start, end), written);
    written += end - start;
    end = start;
  }
  return out;
}

/** Both directions; ties keep row order in each. */
export function sortedOrders(keys: Float64Array): { ascending: Int32Array; descending: Int32Array } {
  const ascending = ascendingOrder(keys, keys.length);
  return { ascending, descending: descendingOrder(ascending, keys) };
}
