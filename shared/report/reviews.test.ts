import { describe, expect, it } from 'vitest';
import { parseReviews, reviewFileProblems } from './reviews';

const line = (trajectory: string, label: string, at = '2026-12-06T10:00:00Z') => JSON.stringify({ trajectory_id: trajectory, label, updated_at: at });

describe('reviewFileProblems', () => {
  it('names the file and line of a line that cannot be read, and of a label the profile does not have', () => {
    const text = [line('m/static/t1', 'logic'), line('m/static/t2', 'banana'), '{"trajectory_id": "m/static/t3", "lab'].join('\n');
    const problems = reviewFileProblems([{ path: 'reviews/tester.jsonl', text }], ['correct', 'logic']);
    expect(problems.map((p) => [p.file, p.line])).toEqual([
      ['reviews/tester.jsonl', 3],
      ['reviews/tester.jsonl', 2],
    ]);
    expect(problems[1].message).toBe('label "banana" is not one of correct, logic; review left out');
  });

  it('says nothing of a label a later review of the same run replaced (only the winning review counts, as in Reports)', () => {
    const text = [line('m/static/t1', 'banana', '2026-12-06T10:00:00Z'), line('m/static/t1', 'logic', '2026-12-06T11:00:00Z')].join('\n');
    expect(reviewFileProblems([{ path: 'reviews/a.jsonl', text }], ['logic'])).toEqual([]);
  });

  it("reads no line of a sync tool's conflict copy (an older copy: it brought back an override removed since); one problem names it", () => {
    const files = [
      { path: 'reviews/ann.jsonl', text: '' },
      { path: 'reviews/ann.sync-conflict-20261207-1234-ABCDEF.jsonl', text: `${line('m/static/t1', 'banana')}\n{bad` },
    ];
    expect(parseReviews(files).overrides.size).toBe(0);
    expect(reviewFileProblems(files, ['logic'])).toEqual([
      { file: 'reviews/ann.sync-conflict-20261207-1234-ABCDEF.jsonl', line: 0, message: "a sync tool's conflict copy of reviews/ann.jsonl: merge its lines into that file, then delete it; not read until then" },
    ]);
  });

  it('says a git merge conflict once, at its first line, not a JSON error per marker', () => {
    const text = ['<<<<<<< HEAD', line('m/static/t1', 'logic'), '=======', line('m/static/t1', 'correct'), '>>>>>>> origin/main'].join('\n');
    const problems = reviewFileProblems([{ path: 'reviews/a.jsonl', text }], ['logic', 'correct']);
    expect(problems).toEqual([{ file: 'reviews/a.jsonl', line: 1, message: expect.stringMatching(/^unresolved git merge conflict \(lines 1-5\)/) }]);
  });
});
