import { describe, expect, it } from 'vitest';
import { emptyAnnotation } from '../../db/annotationRepo';
import { crossOut, editOf, onlyInMemory, strandedText, withStranded, writeDown, writtenDown } from './strandedEdits';

const row = (task: string, annotator: string, product: string) => ({
  ...emptyAnnotation({ dataset: 'd', task, annotator }),
  calls: [{ id: `c-${product}`, tool_name: 'get_price', parameters: { product_name: product }, frame: null }],
  editor_text: `[${product}`,
});

describe('edits held since the view left them', () => {
  it('holds one edit per row, the newest in place of an older one', () => {
    const first = row('t1', 'ann', 'A');
    const other = row('t1', 'bob', 'B');
    const newer = row('t1', 'ann', 'C');
    expect(withStranded(withStranded([first], other), newer)).toEqual([other, newer]);
    expect(withStranded([first], row('t2', 'ann', 'D')).map((edit) => edit.task)).toEqual(['t1', 't2']);
  });

  it('saves and copies what the person wrote, typed text included', () => {
    const edit = row('t1', 'ann', 'A');
    expect(editOf(edit)).toEqual({ calls: edit.calls, visual_refs: [], status: 'draft', editor_text: '[A' });
    const copied = JSON.parse(strandedText([edit])) as Array<Record<string, unknown>>;
    expect(copied).toEqual([{ dataset: 'd', annotator: 'ann', task: 't1', status: 'draft', calls: edit.calls, visual_refs: [], editor_text: '[A' }]);
  });
});

/** Storage as localStorage offers it, over a map: what this module writes and reads back. */
function storage(initial: Record<string, string> = {}): Storage {
  const items = new Map(Object.entries(initial));
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

describe('edits written down beside IndexedDB', () => {
  it('writes one entry per row, and crosses a row out once stored', () => {
    const store = storage();
    writeDown(row('t1', 'ann', 'A'), store);
    writeDown(row('t2', 'ann', 'B'), store);
    writeDown(row('t1', 'ann', 'C'), store);
    expect(writtenDown(store).map((edit) => [edit.task, edit.editor_text])).toEqual([
      ['t2', '[B'],
      ['t1', '[C'],
    ]);
    crossOut({ dataset: 'd', task: 't1', annotator: 'ann' }, store);
    expect(writtenDown(store).map((edit) => edit.task)).toEqual(['t2']);
    crossOut({ dataset: 'd', task: 't2', annotator: 'ann' }, store);
    expect(store.length).toBe(0);
  });

  it('reads nothing from a broken or foreign entry, and keeps only edit-shaped items', () => {
    expect(writtenDown(storage({ 'egobench-studio.unsaved-edits': '{not json' }))).toEqual([]);
    expect(writtenDown(storage({ 'egobench-studio.unsaved-edits': '{"a":1}' }))).toEqual([]);
    const kept = row('t1', 'ann', 'A');
    expect(writtenDown(storage({ 'egobench-studio.unsaved-edits': JSON.stringify([kept, { task: 't2' }, null]) }))).toEqual([kept]);
    expect(writtenDown(undefined)).toEqual([]);
  });

  it('tells which held edits only this page holds: not written down, or changed since', () => {
    const store = storage();
    const first = row('t1', 'ann', 'A');
    const second = row('t2', 'ann', 'B');
    writeDown(first, store);
    writeDown(second, store);
    expect(onlyInMemory([first, second], store)).toEqual([]);
    // Typed on since it was written down (the next failed save writes it down again).
    const typedOn = { ...second, editor_text: '[B, C' };
    expect(onlyInMemory([first, typedOn], store)).toEqual([typedOn]);
    // Another annotator's edit of the same task is another row.
    const bobs = row('t1', 'bob', 'A');
    expect(onlyInMemory([bobs], store)).toEqual([bobs]);
    // localStorage refuses (a full disk): written down is nothing, everything held is only here.
    const full = { ...storage(), setItem: () => { throw new DOMException('full', 'QuotaExceededError'); } };
    writeDown(first, full);
    expect(onlyInMemory([first], full)).toEqual([first]);
    expect(onlyInMemory([first], undefined)).toEqual([first]);
    expect(onlyInMemory([], undefined)).toEqual([]);
  });
});
