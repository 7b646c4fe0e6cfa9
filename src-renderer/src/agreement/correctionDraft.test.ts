// Ground-truth corrections in progress share the adjudicator's file of drafts: each module keeps
// the other's lines as they are, in task order, and Finalize of a task takes its correction too.
import { describe, expect, it } from 'vitest';
import { correctionIn, laterCorrection, readCorrectionLine, withCorrection, type Correction } from './correctionDraft';
import { parseDraftFile, withDrafts, type Draft, type DraftOf } from './draftFile';

const T1 = '2026-12-05T10:00:00.000Z';
const T2 = '2026-12-05T10:00:05.000Z';
const truth = JSON.stringify({ task_id: 't2', calls: [], visual_refs: [], source: 'agreed' });
const correction = (text: string, updatedAt = T1): Correction => ({ text, note: 'misspelt', truth, updatedAt });
const of = (taskId: string): DraftOf => ({ taskId, a: { annotator: 'alice', revision: 1 }, b: { annotator: 'bob', revision: 2 } });
const draft: Draft = { choices: {}, refChoices: {}, note: 'n', order: null, added: 0, truth: null, merged: [], updatedAt: T1 };

describe('ground-truth corrections in the file of drafts', () => {
  it('sets, replaces and removes a task’s correction line, reading back what it wrote', () => {
    const once = withCorrection(null, 'lead', 't2', correction('[1]'));
    expect(readCorrectionLine(once.trimEnd())).toEqual({ taskId: 't2', correction: correction('[1]') });
    const twice = withCorrection(once, 'lead', 't2', correction('[2]', T2));
    expect(twice.trimEnd().split('\n')).toHaveLength(1);
    expect(correctionIn(twice, 't2')?.text).toBe('[2]');
    expect(correctionIn(twice, 't1')).toBeNull();
    expect(withCorrection(twice, 'lead', 't2', null)).toBe('');
  });

  it('keeps adjudication drafts and unreadable lines where they are, a new line in task order; the drafts module keeps the correction and says nothing of it', () => {
    const drafts = withDrafts(null, 'lead', [{ of: of('t1'), draft }, { of: of('t3'), draft }]).text;
    const both = withCorrection(`${drafts}not json\n`, 'lead', 't2', correction('[1]'));
    expect(both.trimEnd().split('\n').map((line) => (line.startsWith('{') ? JSON.parse(line).task_id : line))).toEqual(['t1', 't2', 't3', 'not json']);
    const parsed = parseDraftFile(both);
    expect(parsed.drafts.size).toBe(2);
    expect(parsed.problems).toHaveLength(1);
    expect(parsed.problems[0]).toMatch(/^line 4: invalid JSON/);
    // A draft saved again keeps the correction where it was; Finalize of its task takes it.
    const saved = withDrafts(both, 'lead', [{ of: of('t1'), draft: { ...draft, note: 'again', updatedAt: T2 } }]).text;
    expect(correctionIn(saved, 't2')?.text).toBe('[1]');
    expect(saved.trimEnd().split('\n').map((line) => (line.startsWith('{') ? JSON.parse(line).task_id : line))).toEqual(['t1', 't2', 't3', 'not json']);
    expect(correctionIn(withDrafts(saved, 'lead', [{ of: of('t2'), draft: null }]).text, 't2')).toBeNull();
  });

  it('says a correction line it cannot read, with its line', () => {
    const text = `${JSON.stringify({ task_id: 't2', correction: { text: 1 }, updated_at: T1 })}\n`;
    expect(parseDraftFile(text).problems).toEqual(['line 1: "correction" is not {"text", "note", "truth"} with a "task_id" and an "updated_at" time']);
    expect(correctionIn(text, 't2')).toBeNull();
  });

  it('of two copies takes the later, the first on a tie', () => {
    const [a, b] = [correction('[a]', T1), correction('[b]', T2)];
    expect(laterCorrection(a, b)).toBe(b);
    expect(laterCorrection(b, a)).toBe(b);
    expect(laterCorrection(a, { ...b, updatedAt: T1 })).toBe(a);
    expect(laterCorrection(null, a)).toBe(a);
    expect(laterCorrection(a, null)).toBe(a);
  });
});
