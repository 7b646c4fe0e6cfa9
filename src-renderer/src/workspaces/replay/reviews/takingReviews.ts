// Overrides taken from the dataset's review files while IndexedDB writes them: a fresh browser
// meeting thousands of them waited seconds for that one write before any showed (8,100 took
// about 11 s to count). They are shown from memory meanwhile, and the live queries take over
// once one that began after the write has answered, so nothing shown goes back to the old rows.
import { useSyncExternalStore } from 'react';
import type { Review } from './reviewsDb';

export interface TakenReviews {
  datasetId: string;
  /** The dataset's overrides as the take leaves them. */
  reviews: Review[];
  /** The number of the write once done (writtenTakes then); Infinity while it runs. */
  writtenAs: number;
}

let writtenTakes = 0;
/** The latest take of each dataset (kept once written: a live query of a view may answer later than another's). */
const latest = new Map<string, TakenReviews>();
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export function showTaking(datasetId: string, reviews: Review[]): TakenReviews {
  const taking: TakenReviews = { datasetId, reviews, writtenAs: Infinity };
  latest.set(datasetId, taking);
  notify();
  return taking;
}

/** The take's write is done: a live query begun from now on reads what it wrote. */
export function takingWritten(taking: TakenReviews): void {
  writtenTakes += 1;
  if (latest.get(taking.datasetId) === taking) latest.set(taking.datasetId, { ...taking, writtenAs: writtenTakes });
  notify();
}

/** The take's write failed: what the database holds is what to show. */
export function dropTaking(taking: TakenReviews): void {
  if (latest.get(taking.datasetId) !== taking) return;
  latest.delete(taking.datasetId);
  notify();
}

/** A live query reads this as it begins (`after`): then its rows hold every take written before. */
export const writtenTakeCount = (): number => writtenTakes;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The dataset's latest take, live. */
export function useTakingReviews(datasetId: string | null): TakenReviews | undefined {
  return useSyncExternalStore(subscribe, () => (datasetId === null ? undefined : latest.get(datasetId)));
}

/** Whether the take is what to show rather than a live query's rows (which began `after` that many writes). */
export function takingShown(taking: TakenReviews | undefined, live: { after: number } | undefined): taking is TakenReviews {
  return taking !== undefined && (live === undefined || live.after < taking.writtenAs);
}
