import { describe, expect, it } from 'vitest';
import { agreeAsIs } from '../../../shared/eval/agreement';
import type { Annotation, GroundTruth } from '../../../shared/format/types';
import type { AnnotationRecord } from '../db/schema';
import {
  agreedLine,
  choosePair,
  defaultRefChoice,
  mergedReferences,
  referenceRows,
  effectiveAnnotations,
  groundTruthLine,
  lifecycleCounts,
  lifecycleOf,
  parseGroundTruth,
  replaceGroundTruthLines,
  type AnnotationsByAnnotator,
} from './model';

const call = (tool_name: string, parameters: Record<string, string | number> = {}) => ({ tool_name, parameters });
const line = (task_id: string, annotator: string, revision: number, calls = [call('x')], status: Annotation['status'] = 'submitted'): Annotation => ({
  task_id, annotator, calls, visual_refs: [], status, revision, updated_at: '2026-01-01T00:00:00Z',
});
const row = (task: string, annotator: string, revision: number, base: number | null, calls = [call('y')]): AnnotationRecord => ({
  dataset: 'd', task, annotator, revision, status: 'draft', updated_at: '2026-01-02T00:00:00Z', editor_text: null,
  base: base === null ? null : { revision: base, at: '2026-01-01T00:00:00Z' },
  calls: calls.map((c, i) => ({ id: `c${i}`, frame: null, ...c })),
  visual_refs: [],
});

describe('effective annotations', () => {
  const files: AnnotationsByAnnotator = new Map([['bob', new Map([['t1', line('t1', 'bob', 3)]])]]);
  it('a row with local edits wins over the file, whatever the revisions', () => {
    const out = effectiveAnnotations(files, [row('t1', 'bob', 1, null)]);
    expect(out.get('bob')!.get('t1')!.calls[0].tool_name).toBe('y');
  });
  it('a synchronised row loses to a file that moved on, and an untouched row (revision 0) never counts', () => {
    expect(effectiveAnnotations(files, [row('t1', 'bob', 2, 2)]).get('bob')!.get('t1')!.revision).toBe(3);
    expect(effectiveAnnotations(files, [row('t1', 'bob', 3, 3)]).get('bob')!.get('t1')!.calls[0].tool_name).toBe('y');
    expect(effectiveAnnotations(new Map(), [row('t2', 'amy', 0, null)]).size).toBe(0);
  });
  it('rows of annotators without a file are added; the input maps are not changed', () => {
    const out = effectiveAnnotations(files, [row('t1', 'amy', 1, null)]);
    expect([...out.keys()].sort()).toEqual(['amy', 'bob']);
    expect(files.size).toBe(1);
  });
});

const truth = (settled?: Record<string, number>): GroundTruth => ({ task_id: 't', calls: [], visual_refs: [], source: 'adjudicated', ...(settled ? { settled } : {}) });

describe('pair and lifecycle', () => {
  it('prefers the named annotators that have work', () => {
    expect(choosePair(['alice', 'bob', 'carol'], ['carol', null])).toEqual(['carol', 'alice']);
    expect(choosePair(['alice'], [])).toBeNull();
    expect(choosePair(['alice', 'bob'], ['zed'])).toEqual(['alice', 'bob']);
  });
  it('derives each stage', () => {
    const ann: AnnotationsByAnnotator = new Map([
      ['a', new Map([['t1', line('t1', 'a', 1)], ['t2', line('t2', 'a', 1)], ['t3', line('t3', 'a', 1)], ['t4', line('t4', 'a', 1)]])],
      ['b', new Map([['t1', line('t1', 'b', 1)], ['t2', line('t2', 'b', 1)], ['t3', line('t3', 'b', 1, undefined, 'draft')]])],
    ]);
    const exact = new Map([['t1', true], ['t2', false], ['t3', true]]);
    const gt = new Map([['t5', truth()]]);
    const stages = ['t1', 't2', 't3', 't4', 't5', 't6'].map((t) => lifecycleOf(t, ann, ['a', 'b'], gt, exact));
    expect(stages).toEqual(['agreed', 'disputed', 'annotating', 'annotating', 'adjudicated', 'unannotated']);
    expect(lifecycleCounts(stages)).toEqual({ unannotated: 1, annotating: 2, agreed: 1, disputed: 1, adjudicated: 1, disputed_gt: 0 });
  });
  it('does not call the same calls agreed when their orders end in different states', () => {
    const ann: AnnotationsByAnnotator = new Map([
      ['a', new Map([['t1', line('t1', 'a', 1)]])],
      ['b', new Map([['t1', line('t1', 'b', 1)]])],
    ]);
    const agree = new Map([['t1', agreeAsIs({ exact: true, state_equal: false })]]);
    expect(lifecycleOf('t1', ann, ['a', 'b'], new Map(), agree)).toBe('disputed');
    expect(lifecycleOf('t1', ann, ['a', 'b'], new Map([['t1', truth()]]), agree)).toBe('disputed_gt');
    expect(agreeAsIs({ exact: true, state_equal: true })).toBe(true);
  });
  it('counts the disagreements of tasks that already have ground truth, whatever the status', () => {
    const ann: AnnotationsByAnnotator = new Map([
      ['a', new Map([['t1', line('t1', 'a', 1)], ['t2', line('t2', 'a', 1)], ['t3', line('t3', 'a', 1)], ['t4', line('t4', 'a', 1)]])],
      ['b', new Map([['t1', line('t1', 'b', 1)], ['t2', line('t2', 'b', 1, undefined, 'draft')], ['t3', line('t3', 'b', 1)]])],
    ]);
    const exact = new Map([['t1', false], ['t2', false], ['t3', true]]);
    const gt = new Map(['t1', 't2', 't3', 't4'].map((t) => [t, truth()]));
    const stages = ['t1', 't2', 't3', 't4'].map((t) => lifecycleOf(t, ann, ['a', 'b'], gt, exact));
    // t1, t2 differ (as the dashboard lists them); t3 agrees; t4 has one annotation only.
    expect(stages).toEqual(['disputed_gt', 'disputed_gt', 'adjudicated', 'adjudicated']);
    // A line that settled the annotations as they are (Finalize records their revisions) is adjudicated; a revision since is disputed again.
    const settled = new Map([['t1', truth({ a: 1, b: 1 })]]);
    expect(lifecycleOf('t1', ann, ['a', 'b'], settled, exact)).toBe('adjudicated');
    expect(lifecycleOf('t1', ann, ['a', 'b'], new Map([['t1', truth({ a: 1, b: 0 })]]), exact)).toBe('disputed_gt');
    // Every task the dashboard lists as a disagreement has a stage the task list can filter on.
    const disagreements = [...exact].filter(([, same]) => !same).map(([t]) => t);
    expect(disagreements.every((t) => ['disputed', 'disputed_gt'].includes(lifecycleOf(t, ann, ['a', 'b'], gt, exact)))).toBe(true);
    // Without a pair there is nothing to compare.
    expect(lifecycleOf('t1', ann, null, gt, exact)).toBe('adjudicated');
  });
});

describe('ground_truth.jsonl', () => {
  const text = '{"task_id":"t1","calls":[],"source":"agreed"}\nnot json\n\n{"task_id":"t2","calls":[],"source":"agreed"}\n{"task_id":"t1","calls":[{"tool_name":"old","parameters":{}}]}\n';
  it('replaces only the task line, in place, and keeps everything else', () => {
    const gt = groundTruthLine({ taskId: 't2', calls: [call('z', { q: 1 })], visualRefs: [], agree: false, callsA: [], adjudicator: 'carol', note: ' wrong quantity ' });
    expect(gt).toEqual({ task_id: 't2', calls: [call('z', { q: 1 })], visual_refs: [], source: 'adjudicated', adjudicator: 'carol', note: 'wrong quantity' });
    const out = replaceGroundTruthLines(text, [gt]);
    expect(out).toBe(text.replace('{"task_id":"t2","calls":[],"source":"agreed"}', JSON.stringify(gt)));
    expect(parseGroundTruth(out).get('t2')!.adjudicator).toBe('carol');
  });
  it("refuses to write a task the file holds twice, or whose line is inside a git merge conflict: the line not shown would be dropped", () => {
    const gt = groundTruthLine({ taskId: 't1', calls: [call('new')], visualRefs: [], agree: false, callsA: [], adjudicator: 'carol', note: '' });
    expect(() => replaceGroundTruthLines(text, [gt])).toThrow('task "t1" has 2 lines in the file (lines 1, 5); keep one, then try again; nothing was written');
    const merged = ['<<<<<<< HEAD', '{"task_id":"t1","calls":[],"adjudicator":"carol"}', '=======', '{"task_id":"t1","calls":[],"adjudicator":"dave"}', '>>>>>>> origin/main', ''].join('\n');
    expect(() => replaceGroundTruthLines(merged, [gt])).toThrow('task "t1" has 2 lines in the file (lines 2, 4)');
    expect(() => replaceGroundTruthLines(merged.replace(/.*dave.*\n/, ''), [gt])).toThrow('task "t1" is at line 2, inside an unresolved git merge conflict (lines 1-4)');
  });
  it('replaces a first line that opens with a byte-order mark, as the loader reads it', () => {
    const gt = groundTruthLine({ taskId: 't1', calls: [call('new')], visualRefs: [], agree: false, callsA: [], adjudicator: 'carol', note: '' });
    const withBom = `\uFEFF${text.split('\n').slice(0, 4).join('\n')}\n`;
    expect(parseGroundTruth(withBom).get('t1')!.source).toBe('agreed');
    const out = replaceGroundTruthLines(withBom, [gt]);
    expect(out.split('\n').filter((line) => line.includes('"t1"'))).toEqual([JSON.stringify(gt)]);
    expect(parseGroundTruth(out).get('t1')).toEqual(gt);
  });
  it('keeps each line\'s ending: a CRLF file stays CRLF, one line changed in a diff', () => {
    const gt = groundTruthLine({ taskId: 't2', calls: [call('new')], visualRefs: [], agree: false, callsA: [], adjudicator: 'carol', note: '' });
    const added = groundTruthLine({ taskId: 't9', calls: [call('x')], visualRefs: [], agree: true, callsA: [call('x')], adjudicator: '', note: '' });
    const crlf = text.replaceAll('\n', '\r\n');
    const out = replaceGroundTruthLines(crlf, [gt, added]);
    expect(out).toBe(`{"task_id":"t1","calls":[],"source":"agreed"}\r\nnot json\r\n\r\n${JSON.stringify(gt)}\r\n{"task_id":"t1","calls":[{"tool_name":"old","parameters":{}}]}\r\n${JSON.stringify(added)}\r\n`);
    // A line without an ending at the file's end takes the file's.
    expect(replaceGroundTruthLines('{"task_id":"t1","calls":[]}\r\n{"task_id":"t3","calls":[]}', [added])).toBe(`{"task_id":"t1","calls":[]}\r\n{"task_id":"t3","calls":[]}\r\n${JSON.stringify(added)}\r\n`);
  });
  it('appends a new task, and writes into a missing file', () => {
    const gt = groundTruthLine({ taskId: 't9', calls: [call('x')], visualRefs: [], agree: true, callsA: [call('x')], adjudicator: '', note: '' });
    expect(gt.source).toBe('agreed');
    expect(replaceGroundTruthLines('{"task_id":"t1","calls":[]}', [gt])).toBe(`{"task_id":"t1","calls":[]}\n${JSON.stringify(gt)}\n`);
    expect(replaceGroundTruthLines(null, [gt])).toBe(`${JSON.stringify(gt)}\n`);
  });
  it('keeps the parameter each reference fills (param): the egobench profile labels perception by it', () => {
    const refs = [{ id: 'k1', description: 'the wine', entity: 'Merlot', start: null, end: null, param: 'product_name' }, { id: 'r2', description: 'a tin', entity: 'Tin', start: 1, end: 2 }];
    const gt = groundTruthLine({ taskId: 't', calls: [call('x')], visualRefs: refs, agree: false, callsA: [], adjudicator: 'c', note: '' });
    expect(gt.visual_refs).toEqual(refs);
  });
  it('agreed only when both agree exactly and the calls are A\'s', () => {
    const base = { taskId: 't', visualRefs: [], callsA: [call('x')], adjudicator: 'c', note: '' };
    expect(groundTruthLine({ ...base, calls: [call('x')], agree: true }).source).toBe('agreed');
    expect(groundTruthLine({ ...base, calls: [call('x', { a: 1 })], agree: true }).source).toBe('adjudicated');
    expect(groundTruthLine({ ...base, calls: [call('x')], agree: false }).source).toBe('adjudicated');
  });
});

describe('visual reference rows of an adjudication', () => {
  const ref = (id: string, entity: string, start = 1) => ({ id, description: `the ${entity}`, entity, start, end: start + 1 });

  it("Accept agreed takes both annotators' references, A's where both marked an entity (it took A's alone)", () => {
    const a = { ...line('t', 'alice', 1), visual_refs: [ref('r1', 'Merlot')] };
    const b = { ...line('t', 'bob', 1), visual_refs: [ref('r1', 'merlot', 4), ref('r2', 'Rioja')] };
    const written = agreedLine('t', a, b, 'carol');
    expect(written.visual_refs).toEqual([ref('r1', 'Merlot'), ref('r2', 'Rioja')]);
    expect(written).toMatchObject({ task_id: 't', calls: [call('x')], source: 'agreed', adjudicator: 'carol' });
    expect(agreedLine('t', { ...line('t', 'alice', 1), visual_refs: [] }, b, 'carol').visual_refs.map((r) => r.id)).toEqual(['r1', 'r2']);
  });

  it('keeps the ground truth references when the annotators wrote none (finalizing used to drop them)', () => {
    const kept = [ref('g1', 'Merlot'), ref('g2', 'Rioja')];
    const rows = referenceRows([], [], kept);
    expect(rows.map((r) => defaultRefChoice(r))).toEqual(['keep', 'keep']);
    expect(mergedReferences(rows, {})).toEqual(kept);
  });

  it('aligns by entity; the adjudicator takes A, B, keeps or drops each row', () => {
    const rows = referenceRows([ref('a1', 'merlot '), ref('a2', 'Chianti')], [ref('b1', 'Merlot', 3), ref('b2', 'Bordeaux')], [ref('g1', 'Merlot', 5)]);
    expect(rows.map((r) => [r.key, r.a?.id ?? null, r.b?.id ?? null, r.kept?.id ?? null])).toEqual([
      ['merlot', 'a1', 'b1', 'g1'],
      ['chianti', 'a2', null, null],
      ['bordeaux', null, 'b2', null],
    ]);
    expect(mergedReferences(rows, {}).map((r) => r.id)).toEqual(['g1', 'a2', 'b2']);
    expect(mergedReferences(rows, { merlot: 'b', chianti: 'drop' }).map((r) => r.id)).toEqual(['b1', 'b2']);
  });

  it('gives a reference whose id another source already used an id of its own', () => {
    // Alice numbered hers ref1, ref2, the ground truth its own ref1, ref2: taking alice's butter kept two ref2s.
    const rows = referenceRows([ref('ref1', 'Onion'), ref('ref2', 'Butter')], [], [ref('ref1', 'Milk'), ref('ref2', 'Onion'), ref('ref2-2', 'Salt')]);
    const merged = mergedReferences(rows, { butter: 'a' });
    expect(merged.map((r) => [r.entity, r.id])).toEqual([
      ['Milk', 'ref1'],
      ['Onion', 'ref2'],
      ['Salt', 'ref2-2'],
      ['Butter', 'ref2-3'],
    ]);
    expect(merged[3]).toMatchObject({ description: 'the Butter', start: 1 });
  });

  it("leaves the ground truth's kept ids as they are when a taken reference comes first", () => {
    // The ground truth has Milk ref1, Onion ref2; alice's Milk is ref2: hers is renamed, not Onion.
    const rows = referenceRows([ref('ref2', 'Milk')], [], [ref('ref1', 'Milk'), ref('ref2', 'Onion')]);
    expect(mergedReferences(rows, { milk: 'a' }).map((r) => [r.entity, r.id])).toEqual([
      ['Milk', 'ref2-2'],
      ['Onion', 'ref2'],
    ]);
  });
});
