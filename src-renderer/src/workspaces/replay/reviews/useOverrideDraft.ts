// An override typed and not saved yet stays with its run, in the tab's storage (a reload keeps it
// too): opening another run dropped it without a word.
import { useState } from 'react';
import type { Label } from '../../../../../shared/eval/profile';
import { readTabJson, writeTabJson } from '../../../state/tabStorage';
import type { TypedOverride } from './overrideForm';

const TYPED_PREFIX = 'egobench-studio.override-typed\u0000';

function readTyped(key: string): TypedOverride {
  const value = readTabJson(key) as Partial<TypedOverride> | null;
  return { label: typeof value?.label === 'string' ? (value.label as Label) : '', reason: typeof value?.reason === 'string' ? value.reason : '' };
}

/** Keeps what is typed for the tab (a reload keeps it too); nothing typed removes it. */
function keepTyped(key: string, typed: TypedOverride): TypedOverride {
  writeTabJson(key, typed.label === '' && typed.reason === '' ? undefined : typed);
  return typed;
}

/** The label and reason typed for this run and not saved yet ('' each: nothing typed). */
export function useOverrideDraft(datasetId: string, trajectoryId: string) {
  const typedKey = `${TYPED_PREFIX}${datasetId}\u0000${trajectoryId}`;
  const [typed, setTyped] = useState(() => readTyped(typedKey));
  const setDraft = (next: (typed: TypedOverride) => TypedOverride) => setTyped((t) => keepTyped(typedKey, next(t)));
  const setLabel = (label: Label | '') => setDraft((t) => ({ ...t, label }));
  const setReason = (reason: string) => setDraft((t) => ({ ...t, reason }));
  return { typed, label: typed.label, reason: typed.reason, setLabel, setReason, setDraft };
}
