import { describe, expect, it } from 'vitest';
import type { Problem } from './types';
import { capProblemsPerFile, ChunkProblemCap, countedProblems, StreamedProblemCap } from './problem-cap';

const bad = (file: string, line: number): Problem => ({ file, line, message: 'invalid JSON' });

describe('capProblemsPerFile', () => {
  it('lists the first problems of a file past the cap, then one that says how many more from which line', () => {
    const problems = [bad('tasks.jsonl', 1), ...Array.from({ length: 7 }, (_, i) => bad('trajectories/x.jsonl', i + 1)), bad('tasks.jsonl', 9)];
    const capped = capProblemsPerFile(problems, 3);
    expect(capped.map((p) => `${p.file}:${p.line}`)).toEqual(['tasks.jsonl:1', 'trajectories/x.jsonl:1', 'trajectories/x.jsonl:2', 'trajectories/x.jsonl:3', 'trajectories/x.jsonl:4', 'tasks.jsonl:9']);
    expect(capped[4].message).toBe('4 more problem(s) in this file from this line on are not listed (a report lists the first 3 of each file)');
  });

  it('gives the same list back when no file is past the cap', () => {
    const problems = [bad('a.jsonl', 1), bad('b.jsonl', 1)];
    expect(capProblemsPerFile(problems, 1)).toBe(problems);
  });
});

describe('problems counted where they are found', () => {
  const counted = (file: string, line: number, omitted: number) => countedProblems(file, line, omitted);

  it('a chunk keeps its first problem records and one that counts the rest, where the first of them was', () => {
    const records: { line: number; problem?: string; omitted?: number; id?: string }[] = [];
    const cap = new ChunkProblemCap(records, 2);
    for (let line = 1; line <= 6; line++) {
      if (line === 4) records.push({ line, id: 'kept' }); // a scored line between them stays in order
      else cap.push({ line, problem: 'invalid JSON' });
    }
    expect(records).toEqual([
      { line: 1, problem: 'invalid JSON' },
      { line: 2, problem: 'invalid JSON' },
      { line: 3, omitted: 3 },
      { line: 4, id: 'kept' },
    ]);
  });

  it('a report counts them in its "more" line, and never lists a count as a problem', () => {
    const problems = [bad('x.jsonl', 1), bad('x.jsonl', 2), counted('x.jsonl', 3, 500), bad('x.jsonl', 900), counted('x.jsonl', 901, 20), bad('y.jsonl', 1)];
    const capped = capProblemsPerFile(problems, 2);
    expect(capped.map((p) => `${p.file}:${p.line}`)).toEqual(['x.jsonl:1', 'x.jsonl:2', 'x.jsonl:3', 'y.jsonl:1']);
    expect(capped[2]).toEqual({ file: 'x.jsonl', line: 3, message: '521 more problem(s) in this file from this line on are not listed (a report lists the first 2 of each file)' });
  });

  it('a stream passes on the first problems of each file and says how many more when the next file starts or at the end', () => {
    const stream = new StreamedProblemCap(2);
    const sent = [
      ...stream.admit('x.jsonl', [bad('x.jsonl', 1)]),
      ...stream.admit('x.jsonl', [bad('x.jsonl', 2), bad('x.jsonl', 3), counted('x.jsonl', 4, 10)]),
      ...stream.admit('y.jsonl', [bad('y.jsonl', 1), bad('y.jsonl', 2), bad('y.jsonl', 3)]),
      ...stream.end(),
    ];
    expect(sent.map((p) => `${p.file}:${p.line}`)).toEqual(['x.jsonl:1', 'x.jsonl:2', 'x.jsonl:3', 'y.jsonl:1', 'y.jsonl:2', 'y.jsonl:3']);
    expect(sent[2].message).toMatch(/^11 more problem\(s\)/);
    expect(sent[5].message).toMatch(/^1 more problem\(s\)/);
    expect(stream.end()).toEqual([]);
  });
});
