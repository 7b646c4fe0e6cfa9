import { describe, expect, it } from 'vitest';
import { markedTasks } from './conflictMarks';

const line = (task: string, revision: number, product: string) =>
  JSON.stringify({ task_id: task, annotator: 'alice', calls: [{ tool_name: 'get_price', parameters: { product_name: product } }], visual_refs: [], status: 'draft', revision, updated_at: '2026-12-01T00:00:00Z' });

describe('markedTasks', () => {
  it("finds a task whose two sides of a merge's conflict block differ, ours and theirs as git wrote them", () => {
    const text = [line('t1', 7, 'A'), '<<<<<<< HEAD', line('t1', 8, 'ours'), '=======', line('t1', 8, 'theirs'), '>>>>>>> other', line('t2', 1, 'B'), ''].join('\n');
    const marked = markedTasks(text);
    expect([...marked.keys()]).toEqual(['t1']);
    expect(marked.get('t1')!.ours.calls[0].parameters).toEqual({ product_name: 'ours' });
    expect(marked.get('t1')!.theirs.calls[0].parameters).toEqual({ product_name: 'theirs' });
  });

  it('reads CRLF files and diff3 blocks (the base part is neither side)', () => {
    const text = ['<<<<<<< HEAD', line('t1', 8, 'ours'), '||||||| base', line('t1', 7, 'base'), '=======', line('t1', 8, 'theirs'), '>>>>>>> other'].join('\r\n');
    expect(markedTasks(text).get('t1')!.ours.calls[0].parameters).toEqual({ product_name: 'ours' });
  });

  it('leaves a task alone when only one side holds it, both sides say the same, or a line after the block wins (the choice written)', () => {
    const oneSide = ['<<<<<<< HEAD', line('t1', 8, 'ours'), '=======', line('t2', 3, 'x'), '>>>>>>> other'].join('\n');
    expect(markedTasks(oneSide).size).toBe(0);
    const same = ['<<<<<<< HEAD', line('t1', 8, 'same'), '=======', line('t1', 9, 'same'), '>>>>>>> other'].join('\n');
    expect(markedTasks(same).size).toBe(0);
    const decided = ['<<<<<<< HEAD', line('t1', 8, 'ours'), '=======', line('t1', 8, 'theirs'), '>>>>>>> other', line('t1', 9, 'ours')].join('\n');
    expect(markedTasks(decided).size).toBe(0);
    expect(markedTasks([line('t1', 1, 'a'), '<<<<<<<< not a marker', line('t1', 2, 'b')].join('\n')).size).toBe(0);
  });
});
