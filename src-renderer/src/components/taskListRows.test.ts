import { describe, expect, it } from 'vitest';
import type { Task } from '../../../shared/format/types';
import { rowsByScenario, taskRows } from './taskListRows';

const task = (id: string, scenario: string): Task => ({ id, scenario, instruction: '', image_description: '', video: `videos/${id}.webm` });
const shown = (rows: ReturnType<typeof taskRows>) => rows.map((row) => (row.kind === 'scenario' ? `[${row.scenario}]` : row.task.id));

describe('task list rows', () => {
  const tasks = [task('k-1', 'kitchen'), task('k-2', 'kitchen'), task('r-1', 'retail')];
  it("by scenario: each scenario's name once, before its tasks", () => {
    expect(shown(rowsByScenario(tasks))).toEqual(['[kitchen]', 'k-1', 'k-2', '[retail]', 'r-1']);
    expect(rowsByScenario([])).toEqual([]);
  });
  it('tasks alone: no scenario rows', () => {
    expect(shown(taskRows(tasks))).toEqual(['k-1', 'k-2', 'r-1']);
  });
});
