// An override typed and not saved yet stays with its run, in the tab's storage (a reload keeps it
// too): opening another run dropped it without a word.
import { useState } from 'react';
import type { Label } from '../../../../../shared/eval/profile';
import { readTabJson, writeTabJson } from '../../../state/tabStorage';

const TYPED_PREFIX = 'egobench-studio.override-typed\u0000';

/** An override typed and not saved: the label chosen and the reason written so far. */
interface Typed {
  label: Label | '';
  reason: string;
}

function readTyped(key: string): Typed {
  const value = readTabJson(key) as Partial<Typed> | null;
  return { label: typeof value?.label === 'string' ? (value.label as Label) : '', reason: typeof value?.reason === 'string' ? value.reason : '' };
}

/** Keeps what is typed for the tab (a reload keeps it too); nothing typed removes it. */
function keepTyped(key: string, typed: Typed): Typed {
  writeTabJson(key, typed.label === '' && typed.reason === '' ? undefined : typed);
  return typed;
}

/** The label and reason typed for this run and not saved yet ('' each: nothing typed). */
export function useOverrideDraft(datasetId: string, trajectoryId: string) {
  const typedKey = `${TYPED_PREFIX}${datasetId}\u0000${trajectoryId}`;
  const [typed, setTyped] = useState(() => readTyped(typedKey));
  const setLabel = (next: Label | '') => setTyped((t) => keepTyped(typedKey, { ...t, label: next }));
  const setReason = (next: string) => setTyped((t) => keepTyped(typedKey, { ...t, reason: next }));
  return { label: typed.label, reason: typed.reason, setLabel, setReason };
}
