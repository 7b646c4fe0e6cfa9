// For unit tests that set the order of interleaved work: a promise the test settles when it chooses
// (Promise.withResolvers, which Node 20 lacks).
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}
