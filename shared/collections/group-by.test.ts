import { expect, it } from 'vitest';
import { groupBy } from './group-by';

it('groups in one pass, keys in first-seen order, rows in order', () => {
  const rows = [{ f: 'b', n: 1 }, { f: 'a', n: 2 }, { f: 'b', n: 3 }];
  expect([...groupBy(rows, (r) => r.f)]).toEqual([
    ['b', [rows[0], rows[2]]],
    ['a', [rows[1]]],
  ]);
});

it('takes 200,000 rows of one key in a moment (the copying version took a minute, past the test timeout)', () => {
  const rows = Array.from({ length: 200_000 }, (_, line) => ({ file: 'tasks.jsonl', line }));
  const groups = groupBy(rows, (r) => r.file);
  expect(groups.get('tasks.jsonl')).toHaveLength(200_000);
});
