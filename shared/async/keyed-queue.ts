// Work on one thing (a file) done one piece after another within a process or a page, so that
// its ends come in the order it was asked for; work on other things goes on meanwhile.

/** Runs work after every earlier work of the same key has ended, whether it succeeded or failed. */
export type KeyedQueue = <T>(key: string, work: () => Promise<T>) => Promise<T>;

/** A queue per key; a key's entry is dropped once its last work has ended. */
export function keyedQueue(): KeyedQueue {
  const tails = new Map<string, Promise<unknown>>();
  return <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const run = (tails.get(key) ?? Promise.resolve()).then(work, work);
    const settled = run.catch(() => undefined);
    tails.set(key, settled);
    void settled.then(() => {
      if (tails.get(key) === settled) tails.delete(key);
    });
    return run;
  };
}
