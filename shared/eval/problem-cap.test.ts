import { describe, expect, it } from 'vitest';
import type { Problem } from '../format/types';
import { capProblemsPerFile } from './evaluate';

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
