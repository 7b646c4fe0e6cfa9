import { describe, expect, it } from 'vitest';
import { NOT_UTF8_MARK, tooLongLine } from '../../../shared/format/jsonl';
import type { Annotation } from '../../../shared/format/types';
import {
  appendLines,
  conflictsKey,
  contentKey,
  fromAnnotationLine,
  hashText,
  isValidAnnotatorName,
  keptRevisions,
  latestByRevision,
  lineWithParams,
  parseAnnotationFile,
  pickFor,
  pickOn,
  planExport,
  planImport,
  planSend,
  sameLineContent,
  toAnnotationLine,
} from './annotationFile';
import type { AnnotationRecord } from './schema';

function record(task: string, revision: number, baseRevision: number | null, entity = 'Merlot'): AnnotationRecord {
  return {
    dataset: 'd',
    task,
    annotator: 'alice',
    calls: [{ id: 'c1', tool_name: 'get_price', parameters: { product_name: entity }, frame: 12 }],
    visual_refs: [{ id: 'r1', description: 'the bottle', entity, start: 1, end: 2.033, start_frame: 30, end_frame: 60, binding: { call: 'c1', param: 'product_name' } }],
    status: 'draft',
    revision,
    updated_at: '2026-01-01T00:00:00.000Z',
    base: baseRevision === null ? null : { revision: baseRevision, at: '2026-01-01T00:00:00.000Z' },
    editor_text: null,
  };
}

function line(task: string, revision: number, entity = 'Merlot'): Annotation {
  return toAnnotationLine(record(task, revision, null, entity));
}

describe('annotation file lines', () => {
  it('round-trips a row through a line, studio extras included', () => {
    const row = record('t1', 4, null);
    const text = appendLines(null, [row]);
    const parsed = parseAnnotationFile(text);
    expect(parsed.problems).toEqual([]);
    const back = fromAnnotationLine(parsed.latest.get('t1')!, 'd', 30);
    const { base: _base, editor_text: _text, ...expected } = row;
    expect(back).toEqual(expected);
  });

  it('takes the highest revision, the later line on a tie, and reports bad lines', () => {
    const text = [JSON.stringify(line('t1', 2, 'A')), '{oops', JSON.stringify(line('t1', 1, 'B')), JSON.stringify(line('t1', 2, 'C')), ''].join('\n');
    const parsed = parseAnnotationFile(text);
    expect(parsed.latest.get('t1')?.visual_refs[0].entity).toBe('C');
    expect(parsed.problems.map((problem) => problem.line)).toEqual([2]);
  });

  it('names a line the host read as not UTF-8 so, not as a JSON error', () => {
    const text = [JSON.stringify(line('t1', 1)), `${NOT_UTF8_MARK}${JSON.stringify(line('t2', 1, 'Caf\uFFFD'))}`, ''].join('\n');
    const parsed = parseAnnotationFile(text);
    expect([...parsed.latest.keys()]).toEqual(['t1']);
    expect(parsed.problems).toEqual([{ line: 2, message: expect.stringMatching(/^not UTF-8/) }]);
  });

  it('names a line the host left out as too long to read at its number, and keeps the lines after it', () => {
    const text = [JSON.stringify(line('t1', 1)), tooLongLine(700_000_000, 16_777_216), JSON.stringify(line('t2', 1)), ''].join('\n');
    const parsed = parseAnnotationFile(text);
    expect([...parsed.latest.keys()]).toEqual(['t1', 't2']);
    expect(parsed.problems).toEqual([{ line: 2, message: 'line of 700,000,000 characters, past the limit of 16,777,216; skipped' }]);
    expect([...latestByRevision(text).keys()]).toEqual(['t1', 't2']);
  });

  it("reads a first line after a byte-order mark (a file saved by a Windows editor), as the loader does", () => {
    const text = `\uFEFF${JSON.stringify(line('t1', 1))}\r\n${JSON.stringify(line('t2', 1))}\r\n`;
    expect([...latestByRevision(text).keys()]).toEqual(['t1', 't2']);
    expect([...parseAnnotationFile(text).latest.keys()]).toEqual(['t1', 't2']);
  });

  it("writes the parameter a reference fills as the line's param (the egobench profile's perception reads it), and keeps one read without a binding", () => {
    expect(line('t1', 1).visual_refs[0]).toMatchObject({ entity: 'Merlot', param: 'product_name' });
    // A reference copied from imported EgoBench ground truth: a param, no studio binding.
    const imported: Annotation = { ...line('t1', 1), visual_refs: [{ id: 'k1', description: 'the wine', entity: 'Merlot', start: null, end: null, param: 'product_name' }] };
    delete (imported as unknown as Record<string, unknown>)['x-studio'];
    const row = { ...fromAnnotationLine(imported, 'd', 30), base: null, editor_text: null };
    expect(row.visual_refs[0]).toMatchObject({ binding: null, param: 'product_name' });
    expect(toAnnotationLine(row).visual_refs[0].param).toBe('product_name');
    // Unbound and without one: none written.
    const unbound = record('t1', 1, null);
    unbound.visual_refs[0].binding = null;
    expect(toAnnotationLine(unbound).visual_refs[0]).not.toHaveProperty('param');
  });

  it("takes a line's references' param from its studio bindings where a line written before had none", () => {
    const old = line('t1', 1);
    delete (old.visual_refs[0] as { param?: string }).param;
    expect(lineWithParams(old).visual_refs[0]).toMatchObject({ id: 'r1', param: 'product_name' });
    const written = line('t1', 1);
    expect(lineWithParams(written)).toBe(written);
    const plain: Annotation = { ...old };
    delete (plain as unknown as Record<string, unknown>)['x-studio'];
    expect(lineWithParams(plain)).toBe(plain);
  });

  it("keeps the studio's frames while the line's seconds are the ones written with them, and takes the seconds once someone changed them", () => {
    const written = line('t1', 1); // f30-60 at 1-2.033 s, 30 fps
    // Read back at another rate (a clip whose rate is not known yet): the frames marked stay.
    expect(fromAnnotationLine(written, 'd', 25).visual_refs[0]).toMatchObject({ start_frame: 30, end_frame: 60 });
    // A teammate moved the reference in the file (2-3 s): the seconds win, at the clip's rate.
    const moved: Annotation = { ...written, visual_refs: [{ ...written.visual_refs[0], start: 2, end: 3 }] };
    expect(fromAnnotationLine(moved, 'd', 30).visual_refs[0]).toMatchObject({ start: 2, end: 3, start_frame: 60, end_frame: 89 });
    // A line written before the extras held seconds keeps its frames.
    const old = JSON.parse(JSON.stringify(moved)) as Annotation & { 'x-studio': { refs: { start?: number; end?: number }[] } };
    delete old['x-studio'].refs[0].start;
    delete old['x-studio'].refs[0].end;
    expect(fromAnnotationLine(old, 'd', 30).visual_refs[0]).toMatchObject({ start_frame: 30, end_frame: 60 });
  });

  it('derives frames from seconds for lines written elsewhere', () => {
    const plain: Annotation = { ...line('t1', 1) };
    delete (plain as unknown as Record<string, unknown>)['x-studio'];
    const row = fromAnnotationLine(plain, 'd', 30);
    expect(row.visual_refs[0]).toMatchObject({ start_frame: 30, end_frame: 60, binding: null });
    expect(row.calls[0]).toMatchObject({ id: 'c1', frame: null });
  });

  it('tells an edit of the editor text alone from one the line holds, evidence frames included', () => {
    const row = record('retail-01', 3, null);
    expect(sameLineContent(row, { ...row, editor_text: '[{"tool_name": "get_pr', revision: 4, updated_at: '2026-02-01T00:00:00.000Z' })).toBe(true);
    expect(sameLineContent(row, { ...row, status: 'submitted' })).toBe(false);
    expect(sameLineContent(row, { ...row, calls: [{ ...row.calls[0], frame: 13 }] })).toBe(false);
    expect(sameLineContent(row, { ...row, calls: [{ ...row.calls[0], parameters: { product_name: 'Rioja' } }] })).toBe(false);
  });

  it('appends after the existing text, adding a missing final newline', () => {
    expect(appendLines('{"a":1}', [record('t', 1, null)]).split('\n')[1]).toContain('"task_id":"t"');
    expect(hashText('abc')).not.toBe(hashText('abd'));
    expect(isValidAnnotatorName('alice')).toBe(true);
    expect(isValidAnnotatorName('../x')).toBe(false);
  });
});

describe('export and import plans', () => {
  it('writes rows with edits and leaves the rest alone', () => {
    const disk = new Map([['t1', line('t1', 2)]]);
    const plan = planExport([record('t1', 3, 2, 'Rioja'), record('t2', 1, null), record('t1b', 5, 5)], disk);
    // t1b was synchronised but its line is gone from the file: written again, nothing is lost.
    expect(plan.write.map((row) => row.task)).toEqual(['t1', 't2', 't1b']);
    expect(plan.conflicts).toEqual([]);
  });

  it('shows a conflict when the file changed since it was read and ours changed too', () => {
    const disk = new Map([['t1', line('t1', 3, 'Chianti')]]);
    const plan = planExport([record('t1', 3, 2, 'Rioja')], disk);
    expect(plan.write).toEqual([]);
    expect(plan.conflicts.map((conflict) => conflict.task)).toEqual(['t1']);
  });

  it('adopts a newer line when ours has no edits, and ignores equal content', () => {
    const disk = new Map([
      ['t1', line('t1', 3, 'Chianti')],
      ['t2', line('t2', 9)],
    ]);
    const plan = planExport([record('t1', 2, 2), record('t2', 4, null)], disk);
    expect(plan.adopt.map((entry) => entry.task_id)).toEqual(['t1']);
    expect(plan.write).toEqual([]);
    expect(plan.conflicts).toEqual([]);
  });

  it('takes no line over text being typed in the editor: a conflict once the file moved', () => {
    const typing = { ...record('t1', 2, 2), editor_text: '[{"tool_name": "get_pr' };
    const disk = new Map([['t1', line('t1', 3, 'Chianti')]]);
    expect(planExport([typing], disk)).toMatchObject({ adopt: [], write: [], conflicts: [{ task: 't1' }] });
    expect(planImport([typing], disk)).toMatchObject({ take: [], conflicts: [{ task: 't1' }] });
    // The file as the row is based on it: nothing to do either way.
    const unmoved = new Map([['t1', line('t1', 2, 'Chianti')]]);
    expect(planImport([{ ...typing, calls: [] }], unmoved)).toMatchObject({ take: [], conflicts: [] });
  });

  it('imports lines over unedited rows and reports conflicts with edited ones', () => {
    const disk = new Map([
      ['t1', line('t1', 3, 'Chianti')],
      ['t2', line('t2', 2)],
      ['t3', line('t3', 1)],
      ['t4', line('t4', 5, 'X')],
    ]);
    const plan = planImport([record('t1', 4, 2, 'Rioja'), record('t2', 2, 2, 'Old'), record('t4', 6, 5, 'Y')], disk);
    expect(plan.take.map((entry) => entry.task_id)).toEqual(['t2', 't3']);
    expect(plan.conflicts.map((conflict) => conflict.task)).toEqual(['t1']);
    expect(contentKey(plan.take[0])).toBe(contentKey(record('t2', 1, null)));
    expect(plan.rebase).toEqual([]);
  });
});

describe("write-through's view of the file", () => {
  it('takes the highest revision, the later line on a tie', () => {
    const text = [line('t1', 1), line('t1', 3, 'Rioja'), line('t1', 2), line('t2', 1), line('t2', 1, 'Rioja')].map((l) => JSON.stringify(l)).join('\n');
    const latest = latestByRevision(text);
    expect(latest.get('t1')?.revision).toBe(3);
    expect(latest.get('t2')?.visual_refs[0].entity).toBe('Rioja');
  });

  it('passes over a higher revision the schema refuses: the valid line below it is the task\'s, as every reader takes it', () => {
    const valid = line('t1', 1);
    const refused = { ...line('t1', 5), status: 'done' };
    const latest = latestByRevision(`${JSON.stringify(valid)}\n${JSON.stringify(refused)}\n`);
    expect(latest.get('t1')?.revision).toBe(1);
    expect(latestByRevision(`${JSON.stringify(refused)}\n`).has('t1')).toBe(false);
  });

  it('passes over a higher revision whose calls or references are not lists (they read as empty and won)', () => {
    const valid = line('t1', 4);
    for (const refused of [{ ...line('t1', 5), calls: { tool_name: 'x' } }, { ...line('t1', 5), visual_refs: 'none' }]) {
      expect(latestByRevision(`${JSON.stringify(valid)}\n${JSON.stringify(refused)}\n`).get('t1')?.revision).toBe(4);
    }
    const { visual_refs: _left, ...withoutRefs } = line('t1', 6);
    expect(latestByRevision(JSON.stringify(withoutRefs)).get('t1')?.visual_refs).toEqual([]);
  });
});

describe('write-through send plan', () => {
  const entry = (task: string, revision: number, seq: number, entity = 'Merlot') => ({ seq, dataset: 'd', annotator: 'alice', task, revision, line: JSON.stringify(line(task, revision, entity)) });

  it('sends every waiting entry in save order when the file still holds what the rows are based on', () => {
    const rows = new Map([
      ['t1', record('t1', 5, 3)],
      ['t2', record('t2', 1, null)],
    ]);
    const plan = planSend([entry('t1', 4, 1), entry('t2', 1, 2), entry('t1', 5, 3)], rows, new Map([['t1', line('t1', 3)]]));
    expect(plan.send.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(plan.conflicts).toEqual([]);
  });

  it('holds a task whose line someone else wrote since (conflict), sends the others, adopts equal content', () => {
    const rows = new Map([
      ['t1', record('t1', 5, 3, 'Rioja')],
      ['t2', record('t2', 2, 1)],
      ['t3', record('t3', 2, null, 'Chianti')],
    ]);
    const disk = new Map([
      ['t1', line('t1', 4, 'Bordeaux')], // moved from our base 3
      ['t2', line('t2', 1)], // our base
      ['t3', line('t3', 7, 'Chianti')], // never read by us, same content
    ]);
    const plan = planSend([entry('t1', 5, 1), entry('t2', 2, 2), entry('t3', 2, 3)], rows, disk);
    expect(plan.send.map((e) => e.task)).toEqual(['t2']);
    expect(plan.conflicts.map((c) => [c.task, c.theirs.revision])).toEqual([['t1', 4]]);
    expect(plan.adopt.map((l) => l.task_id)).toEqual(['t3']);
  });

  it('takes a line that is one of our waiting entries as sent (its answer was lost), not as a conflict', () => {
    // The append of revisions 4 and 5 reached the file; the host stopped before it answered, so
    // they still wait, the row is still based on 3, and the user saved 6 and 7 meanwhile.
    const rows = new Map([['t1', record('t1', 7, 3, 'Tempranillo')]]);
    const waiting = [entry('t1', 4, 1, 'Rioja'), entry('t1', 5, 2, 'Garnacha'), entry('t1', 6, 3, 'Syrah'), entry('t1', 7, 4, 'Tempranillo')];
    const plan = planSend(waiting, rows, new Map([['t1', line('t1', 5, 'Garnacha')]]));
    expect(plan.sent.map((e) => e.seq)).toEqual([1, 2]);
    expect(plan.send.map((e) => e.seq)).toEqual([3, 4]);
    expect(plan.conflicts).toEqual([]);
  });

  it('still raises a conflict when the line has one of our revisions but other content (another machine)', () => {
    const rows = new Map([['t1', record('t1', 5, 3, 'Rioja')]]);
    const plan = planSend([entry('t1', 4, 1, 'Rioja'), entry('t1', 5, 2, 'Rioja')], rows, new Map([['t1', line('t1', 4, 'Bordeaux')]]));
    expect(plan.sent).toEqual([]);
    expect(plan.send).toEqual([]);
    expect(plan.conflicts.map((c) => c.theirs.revision)).toEqual([4]);
  });
});

describe('keptRevisions: mine kept over a line of theirs', () => {
  it('numbers the waiting entries above their line, in order, and the row as its last entry', () => {
    expect(keptRevisions(7, 4, 2, true)).toEqual({ entries: [8, 9], row: 9 });
  });
  it('never numbers an entry lower than the row had reached', () => {
    expect(keptRevisions(7, 20, 2, true)).toEqual({ entries: [19, 20], row: 20 });
  });
  it('keeps the row one above its last entry when the row changed after it (a call without a tool name yet)', () => {
    expect(keptRevisions(7, 5, 1, false)).toEqual({ entries: [8], row: 9 });
    expect(keptRevisions(7, 20, 1, false)).toEqual({ entries: [19], row: 20 });
  });
  it('with nothing waiting, puts the row (its line to be queued) above theirs', () => {
    expect(keptRevisions(7, 3, 0, false)).toEqual({ entries: [], row: 8 });
    expect(keptRevisions(7, 12, 0, false)).toEqual({ entries: [], row: 12 });
  });
});

describe('conflict picks', () => {
  const conflict = { task: 't1', mine: record('t1', 4, 2), theirs: line('t1', 7, 'Rioja') };
  it('apply to the very versions they were made on', () => {
    expect(pickFor({ t1: pickOn(conflict, 'theirs') }, conflict)).toBe('theirs');
    expect(pickFor({}, conflict)).toBeUndefined();
  });
  it('are no pick once either side moved on (the user is asked again)', () => {
    const picks = { t1: pickOn(conflict, 'mine') };
    expect(pickFor(picks, { ...conflict, theirs: line('t1', 8, 'Rioja') })).toBeUndefined();
    expect(pickFor(picks, { ...conflict, mine: record('t1', 5, 2) })).toBeUndefined();
    // Another line at the same revision (another machine's): not the one the pick was made on.
    expect(pickFor(picks, { ...conflict, theirs: line('t1', 7, 'Chianti') })).toBeUndefined();
    expect(pickFor(picks, { ...conflict, theirs: line('t1', 7, 'Rioja') })).toBe('mine');
  });
  it('put aside, stay aside when a later drain finds the same ones (another array), not when a side moved on', () => {
    const other = { task: 't2', mine: record('t2', 1, 1), theirs: line('t2', 3, 'Jam') };
    const dismissed = conflictsKey([conflict, other]);
    expect(conflictsKey([{ ...other }, { ...conflict }])).toBe(dismissed);
    expect(conflictsKey([conflict, { ...other, theirs: line('t2', 4, 'Jam') }])).not.toBe(dismissed);
    expect(conflictsKey([conflict])).not.toBe(dismissed);
    // Another line at the same revisions (another machine's), or the same task in another dataset: asked again.
    expect(conflictsKey([conflict, { ...other, theirs: line('t2', 3, 'Marmalade') }])).not.toBe(dismissed);
    expect(conflictsKey([conflict, { ...other, mine: { ...other.mine, dataset: 'elsewhere' } }])).not.toBe(dismissed);
  });
});
