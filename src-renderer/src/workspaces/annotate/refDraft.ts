// A visual reference being made (its marks, entity, description and parameter) outlives a look at
// the tool console (the reference form unmounts with its tab) and a reload: it is kept in the tab's
// sessionStorage per dataset, annotator and task until it is added.
import { useEffect, useState } from 'react';
import { readTabJson, writeTabJson } from '../../state/tabStorage';
import { useAnnotateStore } from './annotateStore';

export interface RefDraft {
  entity: string;
  description: string;
  binding: string;
  markIn: number | null;
  markOut: number | null;
}

const PREFIX = 'egobench-studio.ref-draft\u0000';

export function refDraftKey(row: { dataset: string; annotator: string; task: string }): string {
  return PREFIX + JSON.stringify([row.dataset, row.annotator, row.task]);
}

const frameOrNull = (value: unknown): number | null => (Number.isInteger(value) && (value as number) >= 0 ? (value as number) : null);

export function readRefDraft(key: string): RefDraft | null {
  const value = readTabJson(key) as Partial<RefDraft> | null;
  if (!value || typeof value !== 'object') return null;
  const text = (field: unknown) => (typeof field === 'string' ? field : '');
  return { entity: text(value.entity), description: text(value.description), binding: text(value.binding), markIn: frameOrNull(value.markIn), markOut: frameOrNull(value.markOut) };
}

export function writeRefDraft(key: string, draft: RefDraft): void {
  const empty = draft.entity === '' && draft.description === '' && draft.binding === '' && draft.markIn === null && draft.markOut === null;
  writeTabJson(key, empty ? undefined : draft);
}

type RefForm = Pick<RefDraft, 'entity' | 'description' | 'binding'>;
const EMPTY: RefForm = { entity: '', description: '', binding: '' };

/** The reference form's fields from the draft under `key`, written back with the marks as they change. */
export function useRefDraft(key: string, taskId: string): { form: RefForm; setForm(change: Partial<RefForm>): void } {
  const [kept] = useState(() => readRefDraft(key));
  const [form, setFormState] = useState<RefForm>(() => (kept ? { entity: kept.entity, description: kept.description, binding: kept.binding } : EMPTY));
  const markIn = useAnnotateStore((state) => state.markIn);
  const markOut = useAnnotateStore((state) => state.markOut);
  // The draft's marks come back when the form shows with none set (after a reload, or a task reopened).
  useEffect(() => {
    const store = useAnnotateStore.getState();
    if (kept && store.markIn === null && store.markOut === null) store.restoreMarks(kept.markIn, kept.markOut);
  }, [kept]);
  useEffect(() => {
    // While another task opens, the marks are already its (cleared) and this form not yet gone:
    // they are not this draft's.
    if (key === '' || useAnnotateStore.getState().taskId !== taskId) return;
    writeRefDraft(key, { ...form, markIn, markOut });
  }, [key, taskId, form, markIn, markOut]);
  return { form, setForm: (change) => setFormState((current) => ({ ...current, ...change })) };
}
