// Grouping rows by a key in one pass. Copying a group's list for each row added
// (`map.set(k, [...(map.get(k) ?? []), row])`) is quadratic: a file of 200,000 bad lines froze
// the problems list for a minute, and a scenario of 40,000 tasks would have frozen the queue.

/** The rows by key, keys in the order they first appear, each group's rows in their order. */
export function groupBy<T>(rows: Iterable<T>, key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}
