import { describe, expect, it } from 'vitest';
import { tooLongLine } from '../../../shared/format/jsonl';
import { draftFilePath, draftLine, parseDraftFile, withDrafts, type Draft, type DraftOf } from './draftFile';

const of = (taskId: string, ra = 1, rb = 2): DraftOf => ({ taskId, a: { annotator: 'alice', revision: ra }, b: { annotator: 'bob', revision: rb } });
const draft = (note: string, updatedAt: string): Draft => ({
  choices: { 'match:0:0': { choice: 'b' }, 'onlyA:1': { choice: 'edit', text: '{"tool_name":"x","parameters":{}}' } },
  refChoices: { bottle: 'a' },
  note,
  order: ['match:0:0', 'onlyA:1'],
  added: 0,
  truth: null,
  merged: [{ tool_name: 'x', parameters: {} }],
  updatedAt,
});
const T1 = '2026-12-05T10:00:00.000Z';
const T2 = '2026-12-05T10:00:05.000Z';

describe('adjudication draft files', () => {
  it("names the adjudicator's file as a person's file", () => {
    expect(draftFilePath('e2e-lead')).toBe('adjudication/e2e-lead.jsonl');
    expect(draftFilePath('Dr. Smith')).toBe('adjudication/Dr._Smith.jsonl');
    expect(draftFilePath(' ')).toBe('adjudication/adjudicator.jsonl');
  });

  it("says a git merge conflict once, at its first line, and reads both sides' drafts (the later change wins)", () => {
    const text = ['<<<<<<< HEAD', draftLine(of('t1'), 'lead', draft('mine', T1)), '=======', draftLine(of('t1'), 'lead', draft('theirs', T2)), '>>>>>>> origin/main', ''].join('\n');
    const { drafts, problems } = parseDraftFile(text);
    expect(problems).toEqual([expect.stringMatching(/^line 1: unresolved git merge conflict \(lines 1-5\)/)]);
    expect([...drafts.values()].map((d) => d.note)).toEqual(['theirs']);
  });

  it('reads back the drafts it writes, by task and revisions', () => {
    const { text } = withDrafts(null, 'lead', [
      { of: of('t2'), draft: draft('second', T1) },
      { of: of('t1'), draft: draft('first', T1) },
      { of: of('t1', 3), draft: draft('after alice saved again', T2) },
    ]);
    const lines = text.trimEnd().split('\n');
    expect(lines.map((line) => JSON.parse(line).task_id)).toEqual(['t1', 't1', 't2']);
    expect(JSON.parse(lines[0])).toMatchObject({ adjudicator: 'lead', annotations: [{ annotator: 'alice', revision: 1 }, { annotator: 'bob', revision: 2 }], ref_choices: { bottle: 'a' } });
    const { drafts, problems } = parseDraftFile(text);
    expect(problems).toEqual([]);
    expect(drafts.size).toBe(3);
    const [first] = [...drafts.values()];
    expect(first).toEqual(draft('first', T1));
  });

  it("replaces a draft's line it read, and keeps every other line", () => {
    const other = JSON.stringify({ note: 'a line someone wrote by hand' });
    const start = `${draftLine(of('t1'), 'lead', draft('older', T1))}\n${other}\n${draftLine(of('t2'), 'lead', draft('t2', T1))}\n`;
    const replacing = withDrafts(start, 'lead', [{ of: of('t1'), draft: draft('newer', T2), base: T1 }]);
    expect(replacing.conflicts).toEqual([]);
    const replaced = parseDraftFile(replacing.text);
    expect([...replaced.drafts.values()].map((d) => d.note)).toEqual(['newer', 't2']);
    expect(replaced.problems).toEqual(['line 2: no "task_id"']); // kept where it was
    // The same change sent again is no other browser's.
    expect(withDrafts(replacing.text, 'lead', [{ of: of('t1'), draft: draft('newer', T2), base: T1 }])).toEqual({ text: replacing.text, conflicts: [] });
  });

  it('changes only the lines it sets (a diff in git shows them): in place, a new one in task order, endings and blank lines kept', () => {
    const t1 = draftLine(of('t1'), 'lead', draft('t1', T1));
    const t3 = draftLine(of('t3'), 'lead', draft('t3', T1));
    const start = `${t1}\r\n\r\n${t3}`;
    const { text } = withDrafts(start, 'lead', [
      { of: of('t3'), draft: draft('t3 again', T2), base: T1 },
      { of: of('t2'), draft: draft('t2, new', T2) },
      { of: of('t9'), draft: draft('t9, new', T2) },
    ]);
    const t2 = draftLine(of('t2'), 'lead', draft('t2, new', T2));
    const t3Again = draftLine(of('t3'), 'lead', draft('t3 again', T2));
    const t9 = draftLine(of('t9'), 'lead', draft('t9, new', T2));
    expect(text).toBe(`${t1}\r\n\r\n${t2}\r\n${t3Again}\r\n${t9}\r\n`);
    // Finalize of t2 takes its line alone.
    expect(withDrafts(text, 'lead', [{ of: of('t2'), draft: null }]).text).toBe(`${t1}\r\n\r\n${t3Again}\r\n${t9}\r\n`);
  });

  it("leaves a line another browser changed since the change's base, and says so", () => {
    const theirs = draft('theirs, written since', T1);
    const file = `${draftLine(of('t1'), 'lead', theirs)}\n`;
    // This page read no line (base null), or an earlier one: either way the line is another browser's, even if earlier than this change.
    for (const base of [null, '2026-12-05T09:00:00.000Z']) {
      const merged = withDrafts(file, 'lead', [{ of: of('t1'), draft: draft('mine', T2), base }]);
      expect(merged).toEqual({ text: file, conflicts: [{ of: of('t1'), theirs }] });
    }
    // With no base (the page could not read the file), the later change wins.
    expect(withDrafts(file, 'lead', [{ of: of('t1'), draft: draft('mine, later', T2) }]).conflicts).toEqual([]);
    expect(withDrafts(`${draftLine(of('t1'), 'lead', draft('theirs, later', T2))}\n`, 'lead', [{ of: of('t1'), draft: draft('mine, earlier', T1) }]).conflicts).toHaveLength(1);
  });

  it("Finalize removes every draft of the task (other revisions' too), and nothing else", () => {
    const { text } = withDrafts(null, 'lead', [
      { of: of('t1'), draft: draft('a', T1) },
      { of: of('t1', 3), draft: draft('b', T1) },
      { of: of('t2'), draft: draft('c', T1) },
    ]);
    const after = withDrafts(text, 'lead', [{ of: of('t1', 3), draft: null }]).text;
    expect([...parseDraftFile(after).drafts.values()].map((d) => d.note)).toEqual(['c']);
    expect(withDrafts(after, 'lead', [{ of: of('t2'), draft: null }]).text).toBe('');
  });

  it('of two lines of one draft (two copies of the file merged), reads the later change', () => {
    const later = draftLine(of('t1'), 'lead', draft('later', T2));
    const earlier = draftLine(of('t1'), 'lead', draft('earlier', T1));
    expect([...parseDraftFile(`${later}\n${earlier}\n`).drafts.values()].map((d) => d.note)).toEqual(['later']);
    expect([...parseDraftFile(`${earlier}\n${later}\n`).drafts.values()].map((d) => d.note)).toEqual(['later']);
  });

  it('says which lines are no drafts, by line number, and reads the rest', () => {
    const good = draftLine(of('t1'), 'lead', draft('ok', T1));
    const bad = [
      'not json',
      JSON.stringify({ ...JSON.parse(good), annotations: [] }),
      JSON.stringify({ ...JSON.parse(good), choices: { row: { choice: 'take-both' } } }),
      JSON.stringify({ ...JSON.parse(good), ref_choices: { bottle: 7 } }),
      JSON.stringify({ ...JSON.parse(good), updated_at: 'yesterday' }),
      '['.repeat(100) + ']'.repeat(100),
      // A count of added calls the view would draw as rows: bounded.
      JSON.stringify({ ...JSON.parse(good), added: Number.MAX_SAFE_INTEGER }),
      // A line the host left out as too long to read (its mark in its place).
      tooLongLine(30_000_000, 16_777_216),
    ];
    const { drafts, problems } = parseDraftFile([...bad, '', good].join('\n'));
    expect(drafts.size).toBe(1);
    expect(problems).toHaveLength(bad.length);
    expect(problems[0]).toMatch(/^line 1: invalid JSON/);
    expect(problems[1]).toBe('line 2: "annotations" is not two {"annotator", "revision"}');
    expect(problems[2]).toMatch(/^line 3: "choices"/);
    expect(problems[3]).toMatch(/^line 4: "ref_choices"/);
    expect(problems[4]).toBe('line 5: no "updated_at" time');
    expect(problems[5]).toMatch(/^line 6: nesting depth/);
    expect(problems[6]).toBe('line 7: "added" is not a count up to 1000');
    expect(problems[7]).toBe('line 8: line of 30,000,000 characters, past the limit of 16,777,216; skipped');
  });
});
