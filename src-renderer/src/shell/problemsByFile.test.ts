import { expect, it } from 'vitest';
import { problemsByFile } from './problemsByFile';

it("lists each file's problems in line order, files in the order first found", () => {
  const found = [
    { file: 'ground_truth.jsonl', line: 32, message: 'unknown tool' },
    { file: 'tasks.jsonl', line: 4, message: 'no video' },
    { file: 'ground_truth.jsonl', line: 3, message: 'not JSON' },
    { file: 'ground_truth.jsonl', line: 31, message: 'unknown tool' },
  ];
  const byFile = problemsByFile(found);
  expect([...byFile.keys()]).toEqual(['ground_truth.jsonl', 'tasks.jsonl']);
  expect(byFile.get('ground_truth.jsonl')!.map((p) => p.line)).toEqual([3, 31, 32]);
  expect(found[0].line).toBe(32); // the list given is left as it was
});
