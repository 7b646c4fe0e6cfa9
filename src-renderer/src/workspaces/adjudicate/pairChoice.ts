// The pair of annotators chosen in Adjudicate, kept per tab and dataset (the tab's storage), so a
// reload compares the same two, and the draft of that pair shows again: it fell back to the first
// two annotators (alice and bob) while the address kept the task. A name no longer among the
// dataset's annotators is passed over by choosePair, as a choice made now would be.
import { useState } from 'react';
import { readTabJson, writeTabJson } from '../../state/tabStorage';

type PairChoice = [string | null, string | null];

const keyOf = (datasetId: string) => `egostudio.adjudicate.pair.${datasetId}`;

/** The pair stored for the dataset; [null, null] when none is, or what is stored is not a pair of names. */
export function readPairChoice(datasetId: string): PairChoice {
  const value = readTabJson(keyOf(datasetId));
  if (Array.isArray(value) && value.length === 2 && value.every((name) => name === null || typeof name === 'string')) return value as PairChoice;
  return [null, null];
}

/** Stores the pair; a storage that refuses it leaves the choice for this page alone. */
export const storePairChoice = (datasetId: string, pair: PairChoice): void => writeTabJson(keyOf(datasetId), pair);

/** The tab's pair choice for the dataset, and the setter that keeps it. */
export function usePairChoice(datasetId: string): [PairChoice, (pair: PairChoice) => void] {
  const [pair, setPair] = useState<PairChoice>(() => readPairChoice(datasetId));
  const choose = (next: PairChoice) => {
    storePairChoice(datasetId, next);
    setPair(next);
  };
  return [pair, choose];
}
