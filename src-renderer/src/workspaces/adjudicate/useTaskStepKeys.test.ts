import { describe, expect, it } from 'vitest';
import { stepTaskId } from './useTaskStepKeys';

const order = ['t1', 't2', 't3', 't4'];
const shown = (id: string) => id !== 't3';

describe('n and p in the filtered task list', () => {
  it('step over the tasks the filter hides, and stop at the ends', () => {
    expect(stepTaskId(order, 't2', 1, shown)).toBe('t4');
    expect(stepTaskId(order, 't4', -1, shown)).toBe('t2');
    expect(stepTaskId(order, 't4', 1, shown)).toBeUndefined();
    expect(stepTaskId(order, 't1', -1, shown)).toBeUndefined();
  });

  it("step from the open task's place when the filter hides it, and from the top when none is open", () => {
    expect(stepTaskId(order, 't3', 1, shown)).toBe('t4');
    expect(stepTaskId(order, 't3', -1, shown)).toBe('t2');
    expect(stepTaskId(order, null, 1, shown)).toBe('t1');
    expect(stepTaskId(order, null, -1, shown)).toBeUndefined();
  });
});
